import type { IncomingMessage, ServerResponse } from "node:http";
import compression from "compression";
import { applyPagePolicy, assignNonce } from "./page-policy";
import { servePrecompressed } from "./precompressed";
import { cameOverHttps, guardRequest } from "./request-guard";
import { keepAnswer, serveKeptAnswer } from "./static-answers";

type Options = {
  dev: boolean;
  isTrustedProxy: (address: string) => boolean;
  /** Next.js's request handler (tests: a stand-in that answers like it). */
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
};

/**
 * Every request's way through this server's layers to Next.js, in their order (main.ts listens with
 * it). Each layer wraps the response before Next.js writes to it, so the last one placed runs first
 * on the way out: the page policy reads the page as Next.js wrote it, precompression then compresses
 * it, and the answer is kept (or `compression` compresses what was not precompressed) last.
 */
export function createRequestHandler({ dev, isTrustedProxy, handle }: Options) {
  const compress = compression();
  return (req: IncomingMessage, res: ServerResponse) => {
    // A static page answered before, still fresh in Next.js's terms: sent as it went out then.
    if (!dev && serveKeptAnswer(req, res, cameOverHttps(req, isTrustedProxy))) return;
    const guarded = guardRequest(req, res, isTrustedProxy);
    if (!guarded) return;
    const nonce = assignNonce(req);
    compress(req as never, res as never, () => {
      // Prerendered pages: compressed once (precompressed.ts), their policy written once
      // (page-policy.ts), and the whole answer kept for the next visitors (static-answers.ts).
      if (!dev) {
        keepAnswer(req, res, guarded.https);
        servePrecompressed(req, res);
      }
      const page = (req.url ?? "/").split("?", 1)[0]!;
      applyPagePolicy(res, { dev, https: guarded.https, nonce, page }, (refused) =>
        console.warn(`[web] ${refused} inline script(s) on ${req.url} are not the framework's: blocked by CSP`),
      );
      handle(req, res).catch((error: unknown) => {
        console.error("[web] request failed", error);
        if (!res.headersSent) res.writeHead(500).end();
        else res.destroy();
      });
    });
  };
}
