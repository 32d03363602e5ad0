// The web app's HTTP server: Next.js behind a thin layer that only Node's own server can provide,
// the TCP peer's address (see request-guard.ts). `npm start` and the e2e stack run this instead of
// `next start`; `--dev` runs Next in development mode.
import { createServer } from "node:http";
import next from "next";
import { compileTrustedProxies } from "./client-ip";
import { guardRequest } from "./request-guard";

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOSTNAME || "0.0.0.0";

let isTrustedProxy: (address: string) => boolean;
try {
  isTrustedProxy = compileTrustedProxies(process.env.TRUSTED_PROXIES);
} catch (error) {
  console.error(`[web] ${(error as Error).message}`);
  process.exit(1);
}

const app = next({ dev, hostname, port });
const handle = app.getRequestHandler();

app.prepare().then(() => {
  const server = createServer((req, res) => {
    if (!guardRequest(req, res, isTrustedProxy)) return;
    handle(req, res).catch((error: unknown) => {
      console.error("[web] request failed", error);
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  server.listen(port, hostname, () => {
    console.log(`[web] ready on http://${hostname === "0.0.0.0" ? "localhost" : hostname}:${port}`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
});
