// Bundles the API server into server/dist/main.cjs (dependencies stay in node_modules).
import { build } from "esbuild";

await build({
  entryPoints: ["server/src/main.ts"],
  outfile: "server/dist/main.cjs",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "cjs",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
console.log("built server/dist/main.cjs");
