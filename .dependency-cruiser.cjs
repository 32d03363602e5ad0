/**
 * The API server's layers (server/src), from the ground up. Each may import only those below it:
 *
 *   config.ts, logger.ts, i18n/   what the process is told, how it logs, its words
 *   crypto.ts, settings/          hashing and tokens; the wallets' settings as config reads them
 *   kinds/                        the programme kinds' server face: how each earns, spends, words
 *                                 its balance and fills a pass (it reads the words, nothing above)
 *   db/                           schema and client
 *   domain/                       the domain's own refusals, which know nothing of HTTP
 *   http/                         the request's plumbing: route(), errors, auth, idempotency
 *   services/                     infrastructure that serves the modules: jobs, mail, push, payments
 *   modules/<name>/               one resource each; no loop between two module folders
 *   app.ts                        the composition root: creates and wires everything
 *   main.ts, prepare.ts, cli/,     processes and scripts that start the app or use the modules
 *   seed*                          (the demo seed writes its rows with the modules' own helpers)
 *
 * `npm run lint` runs this (depcruise server/src); a new loop or upward import fails the lint.
 * The shared contract (contract) sits below all of them and imports nothing of the server.
 *
 * A programme kind has a face in each layer, named alike: contract/kinds/<kind>.ts (its fields,
 * limits and balance words, read by the contract and the browser), server/src/kinds/<kind>.ts (how
 * it earns, spends and fills a pass) and components/kinds/<kind>/ (its form fields and screens).
 * Each face imports only its own layer and those below, so the contract stays the ground and the
 * server never imports web code (docs/adr/0008-a-kind-has-a-face-in-each-layer.md).
 */
const SRC = "^server/src/";
const TOP = `${SRC}(main\\.ts|prepare\\.ts|cli/|seed)`;

/** Layer name → the paths in it, lowest first. */
const layers = [
  ["base", `${SRC}(config\\.ts|logger\\.ts|i18n/|crypto\\.ts|settings/)`],
  ["kinds", `${SRC}kinds/`],
  ["db", `${SRC}db/`],
  ["domain", `${SRC}domain/`],
  ["http", `${SRC}http/`],
  ["services", `${SRC}services/`],
  ["modules", `${SRC}modules/`],
  ["app", `${SRC}app\\.ts`],
];

/** A layer may not import any layer above it (nor the scripts at the top). */
const upward = layers.map(([name, path], index) => ({
  name: `no-upward-from-${name}`,
  severity: "error",
  comment: `${name} is a lower layer: it may not import ${layers
    .slice(index + 1)
    .map(([above]) => above)
    .join(", ")} or the scripts at the top. Move the shared piece down instead.`,
  from: { path, pathNot: TOP },
  to: { path: [...layers.slice(index + 1).map(([, above]) => above), TOP] },
}));

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Files of the server that import each other in a loop: move the shared piece into a file both import.",
      from: { path: SRC },
      to: { circular: true },
    },
    {
      name: "no-circular-between-modules",
      severity: "error",
      scope: "folder",
      comment: "Two module folders that import each other (through any path): one of them must not know the other.",
      from: { path: `${SRC}modules/` },
      to: { circular: true },
    },
    ...upward,
    {
      name: "engine-knows-no-http",
      severity: "error",
      comment:
        "The card engine is the domain: it refuses with domain/refusal.ts, which each surface maps (http/failure.ts), and imports nothing of HTTP.",
      from: { path: `${SRC}modules/loyalty/engine/` },
      to: { path: [`${SRC}http/`, "node_modules/fastify/"] },
    },
    {
      name: "contract-stays-shared",
      severity: "error",
      comment: "The shared contract is read by the browser too: it never imports the server.",
      from: { path: "^contract/" },
      to: { path: ["^server/", "^components/", "^lib/", "^app/"] },
    },
  ],
  options: {
    // The scripts at the top may import any layer: their own imports are not followed (so the demo
    // seed, which uses the modules' helpers, makes no loop through db/); an import OF a script from
    // any layer is still an upward import.
    doNotFollow: { path: ["node_modules", TOP] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
