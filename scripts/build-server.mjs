// Bundles the API server into server/dist/main.cjs (dependencies stay in node_modules).
import { bundle } from "./lib/bundle.mjs";

await bundle("server/src/main.ts", "server/dist/main.cjs");
// The operator's migrate/seed commands, for machines without dev dependencies (the image's
// one-off migration service: compose.yaml).
await bundle("server/src/cli/db.ts", "server/dist/db-cli.cjs");
