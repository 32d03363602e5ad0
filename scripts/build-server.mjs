// Bundles the API server into server/dist/main.cjs (dependencies stay in node_modules).
import { bundle } from "./lib/bundle.mjs";

await bundle("server/src/main.ts", "server/dist/main.cjs");
