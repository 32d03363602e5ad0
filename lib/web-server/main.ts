// The web app's HTTP server: Next.js behind a thin layer that only Node's own server can provide:
// the TCP peer's address (request-guard.ts), a Content-Security-Policy that allows exactly the
// framework's inline scripts of each page by hash (page-policy.ts), so static pages stay static,
// and a one-second cache of the pages that are the same for every visitor (page-cache.ts).
// `npm start` and the e2e stack run this instead of `next start`; `--dev` runs Next in development.
import { createServer } from "node:http";
import compression from "compression";
import next from "next";
import { compileTrustedProxies } from "./client-ip";
import { createPageCache } from "./page-cache";
import { applyPagePolicy } from "./page-policy";
import { guardRequest } from "./request-guard";
import { missingProductionSettings } from "../production-env";

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOSTNAME || "0.0.0.0";

// A production server refuses to start on the local defaults unless told it is a local run.
const missing = missingProductionSettings({ ...process.env, NODE_ENV: dev ? "development" : "production" });
if (missing.length > 0) {
  console.error(
    `[web] ${missing.join(", ")}: required in production (refusing to start). ` +
      "`npm start` runs the product locally on its embedded defaults (ALLOW_LOCAL_DEFAULTS=true).",
  );
  process.exit(1);
}

let isTrustedProxy: (address: string) => boolean;
try {
  isTrustedProxy = compileTrustedProxies(process.env.TRUSTED_PROXIES);
} catch (error) {
  console.error(`[web] ${(error as Error).message}`);
  process.exit(1);
}

// The app to serve: this checkout's, or another (the benchmark's empty baseline page).
const app = next({ dev, dir: process.env.WEB_APP_DIR || ".", hostname, port });
const handle = app.getRequestHandler();
// Next's own compression is off (next.config.mjs): it would compress before the page policy could
// read the page. This compresses after it.
const compress = compression();
// Pages that are the same for every visitor without cookies, kept for a second (page-cache.ts).
const pageCache = createPageCache();

app.prepare().then(() => {
  const server = createServer((req, res) => {
    const guarded = guardRequest(req, res, isTrustedProxy);
    if (!guarded) return;
    compress(req as never, res as never, () => {
      if (!dev && pageCache.serve(req, res, guarded.https)) return;
      if (!dev) pageCache.record(req, res, guarded.https);
      applyPagePolicy(res, { dev, https: guarded.https }, (refused) =>
        console.warn(`[web] ${refused} inline script(s) on ${req.url} are not the framework's: blocked by CSP`),
      );
      handle(req, res).catch((error: unknown) => {
        console.error("[web] request failed", error);
        if (!res.headersSent) res.writeHead(500).end();
        else res.destroy();
      });
    });
  });
  server.listen(port, hostname, () => {
    console.log(`[web] ready on http://${hostname === "0.0.0.0" ? "localhost" : hostname}:${port}`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
});
