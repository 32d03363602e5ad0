/**
 * The API server's layers (server/src), from the ground up. Each may import only those below it:
 *
 *   config.ts, logger.ts, i18n/   what the process is told, how it logs, its words
 *   crypto.ts, settings/          hashing and tokens; the wallets' settings as config reads them
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
 * The programme kinds (kinds/ at the root, one folder a kind) are a seam between the layers: the
 * shared half (kinds/index.ts, kinds/<kind>/shared.ts) is read by the contract and the browser and
 * imports nothing of the server; the server half (kinds/server.ts, kinds/<kind>/server.ts) may
 * read the server's base layer (its words) and nothing above it, since every module asks it. The
 * web half (kinds/web.ts, kinds/<kind>/web.tsx) is the browser's: the server never imports it.
 */
const SRC = "^server/src/";
const TOP = `${SRC}(main\\.ts|prepare\\.ts|cli/|seed)`;
/** The kinds' web half: kinds/web.ts and kinds/<kind>/web.tsx (and anything named web* there). */
const KINDS_WEB = "^kinds/(web|[^/]+/web)";
/** The kinds' server half. */
const KINDS_SERVER = "^kinds/(server|[^/]+/server)";

/** Layer name → the paths in it, lowest first. */
const layers = [
  ["base", `${SRC}(config\\.ts|logger\\.ts|i18n/|crypto\\.ts|settings/)`],
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
      name: "server-imports-no-web-kinds",
      severity: "error",
      comment:
        "The server asks kinds/index.ts, kinds/server.ts and kinds/<kind>/{shared,server}.ts, never a kind's web half.",
      from: { path: ["^server/", "^contract/", "^kinds/"], pathNot: KINDS_WEB },
      to: { path: KINDS_WEB },
    },
    {
      name: "kinds-shared-stays-shared",
      severity: "error",
      comment:
        "The kinds' shared half is read by the browser too: it never imports the server, nor the kinds' server half.",
      from: { path: "^kinds/", pathNot: [KINDS_SERVER, KINDS_WEB] },
      to: { path: ["^server/", KINDS_SERVER] },
    },
    {
      name: "kinds-below-modules",
      severity: "error",
      comment:
        "The kinds' server half sits below the modules (every module asks it): it may read the base layer (words), nothing above.",
      from: { path: "^kinds/" },
      to: { path: `${SRC}(db/|http/|services/|modules/|app\\.ts|main\\.ts|prepare\\.ts|cli/|seed)` },
    },
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
      to: { path: ["^server/", KINDS_SERVER] },
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
