import { build } from "esbuild";

/** Bundles a Node entry point into one CommonJS file; dependencies stay in node_modules. */
export async function bundle(entry, outfile) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "cjs",
    packages: "external",
    sourcemap: true,
    logLevel: "warning",
  });
  console.log(`built ${outfile}`);
}
