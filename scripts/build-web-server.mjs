// Bundles the web app's HTTP server (lib/web-server) into dist/web-server.cjs.
import { bundle } from "./lib/bundle.mjs";

await bundle("lib/web-server/main.ts", "dist/web-server.cjs");
