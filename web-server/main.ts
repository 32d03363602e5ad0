// The web app's HTTP server: Next.js with the little that no standard part does for it.
// - The client's address (request-guard.ts, client-ip.ts): the TCP peer, or with TRUSTED_PROXIES
//   the address the proxy saw; the BFF passes it to the API for its rate limits. Next.js has no
//   notion of trusted proxies, and nginx's real-IP module only helps where nginx runs.
// - A Content-Security-Policy for every page without 'unsafe-inline' and without holding the page
//   back (page-policy.ts): prerendered scripts by hash, scripts rendered per request by nonce.
// - Odd methods and undecodable paths answered with 4xx (Next.js would answer 500).
// Compression is the `compression` middleware, placed after the policy (Next.js's own compression
// would compress before the policy could read the page's first part); prerendered pages are
// compressed once and served from that copy (precompressed.ts). A static page's whole answer is
// replayed to later anonymous visitors while Next.js's cache holds it (static-answers.ts), as
// nginx's micro-cache does where it runs. The layers' order is handler.ts. HSTS is a header of
// next.config.mjs.
// `npm start` and the e2e stack run this instead of `next start`; `--dev` runs Next in development.
import next from "next";
import { compileTrustedProxies } from "./client-ip";
import { createRequestHandler } from "./handler";
import { createWebServer } from "./http-server";
import { reactRuntimes } from "./inline-scripts";
import { missingProductionSettings } from "./production-env";

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOSTNAME || "0.0.0.0";

function refuseToStart(message: string): never {
  console.error(`[web] ${message}`);
  process.exit(1);
}

// A production server refuses to start on the local defaults unless told it is a local run.
const missing = missingProductionSettings({ ...process.env, NODE_ENV: dev ? "development" : "production" });
if (missing.length > 0) {
  refuseToStart(
    `${missing.join(", ")}: required in production (refusing to start). ` +
      "`npm start` runs the product locally on its embedded defaults (ALLOW_LOCAL_DEFAULTS=true).",
  );
}

let isTrustedProxy: (address: string) => boolean;
try {
  isTrustedProxy = compileTrustedProxies(process.env.TRUSTED_PROXIES);
} catch (error) {
  refuseToStart((error as Error).message);
}

// Without React's runtime snippets, every prerendered page that uses one would break under its
// policy, silently: an installation where they cannot be found does not start.
try {
  reactRuntimes();
} catch (error) {
  refuseToStart((error as Error).message);
}

// The app to serve: this checkout's, or another (the benchmark's empty baseline page).
const app = next({ dev, dir: process.env.WEB_APP_DIR || ".", hostname, port });
const handle = app.getRequestHandler();

app.prepare().then(() => {
  const server = createWebServer(createRequestHandler({ dev, isTrustedProxy, handle }));
  server.listen(port, hostname, () => {
    console.log(`[web] ready on http://${hostname === "0.0.0.0" ? "localhost" : hostname}:${port}`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
});
