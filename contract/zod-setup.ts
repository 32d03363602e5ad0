// Imported first by every contract module that builds schemas (fields.ts, ids.ts, calls.ts).
import * as z from "zod/mini";

// Zod compiles object parsers with `new Function` where it may. Pages forbid eval in their CSP
// (web-server/page-policy.ts), where even zod's probe for it is a reported violation: in the
// browser, parse without it. One setting for zod's classic and mini APIs (they share zod's core).
if (typeof window !== "undefined") z.config({ jitless: true });
