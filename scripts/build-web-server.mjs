// Bundles the web app's HTTP server (lib/web-server) into dist/web-server.cjs; Next.js and every
// other dependency stay in node_modules.
import { build } from "esbuild";

await build({
  entryPoints: ["lib/web-server/main.ts"],
  outfile: "dist/web-server.cjs",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "cjs",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
console.log("built dist/web-server.cjs");
