// Bundles the web app's HTTP server (web-server) into dist/web-server.cjs.
import { bundle } from "./lib/bundle.mjs";

await bundle("web-server/main.ts", "dist/web-server.cjs");
