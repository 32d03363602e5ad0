import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/**
 * Compressed bodies of prerendered pages, made once per page and build instead of on every visit.
 * A page Next.js serves whole from its cache with an ETag is the same bytes every time; compressing
 * it per request (the `compression` middleware) was most of what a static page cost this server.
 * Such a page is compressed here on its first visit and the bytes kept, keyed by path, ETag and
 * encoding (a background rebuild brings a new ETag); `compression` passes a body that already has a
 * Content-Encoding through untouched, and still compresses everything else (streamed pages, the BFF).
 */
const bodies = new Map<string, Buffer>();
const BODIES_MAX = 200;
/** Below this, compressing saves less than it costs (the `compression` middleware's default too). */
const THRESHOLD = 1024;

/** How many bodies were compressed (tests: a page is compressed once, not per visit). */
export let compressions = 0;

export type Encoding = "br" | "gzip" | "identity";

/**
 * The encoding to send: brotli, else gzip, when the client accepts it (q=0 refuses), else the page
 * as it is (`identity`: no Accept-Encoding at all, curl, monitors, crawlers); null only when the
 * client refuses that too (`identity;q=0`, or `*;q=0` without naming identity).
 */
export function chooseEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const accepted = new Set<string>();
  const refused = new Set<string>();
  for (const part of String(acceptEncoding ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name) (q === undefined || Number(q) > 0 ? accepted : refused).add(name);
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  if (refused.has("identity") || (refused.has("*") && !accepted.has("identity"))) return null;
  return "identity";
}

function compress(body: Buffer, encoding: Exclude<Encoding, "identity">): Buffer {
  compressions++;
  return encoding === "br"
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          // A window no larger than the page: brotli's default (4 MB) would be native memory for nothing.
          [constants.BROTLI_PARAM_LGWIN]: Math.min(
            constants.BROTLI_DEFAULT_WINDOW,
            Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(body.length + 1))),
          ),
        },
      })
    : gzipSync(body, { level: 9 });
}

const toBuffer = (chunk: unknown, encoding: unknown): Buffer | null =>
  typeof chunk === "string"
    ? Buffer.from(chunk, (typeof encoding === "string" ? encoding : "utf8") as BufferEncoding)
    : chunk instanceof Uint8Array
      ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
      : null;

/**
 * Serves a whole HTML page with an ETag from the compressed copy (made on its first visit); to a
 * client that takes no compression, the page as it is, with the same headers (its length, Vary).
 * Placed between the page policy (which reads the page as written) and the `compression` middleware.
 */
export function servePrecompressed(req: IncomingMessage, res: ServerResponse) {
  const encoding = req.method === "GET" ? chooseEncoding(req.headers["accept-encoding"]) : null;
  if (!encoding) return;
  const page = (req.url ?? "").split("?", 1)[0]!;
  const end = res.end.bind(res) as (chunk?: unknown, encoding?: unknown, cb?: unknown) => ServerResponse;
  res.end = function (chunk?: unknown, chunkEncoding?: unknown, cb?: unknown) {
    const etag = res.getHeader("etag");
    const body = res.headersSent || res.statusCode !== 200 || !etag ? null : toBuffer(chunk, chunkEncoding);
    const type = String(res.getHeader("content-type") ?? "");
    if (!body || body.length < THRESHOLD || !type.includes("text/html") || res.getHeader("content-encoding")) {
      return end(chunk, chunkEncoding, cb);
    }
    if (encoding === "identity") {
      res.setHeader("content-length", body.length);
      varyOnEncoding(res);
      return end(body, typeof chunkEncoding === "function" ? chunkEncoding : cb);
    }
    const key = `${page}|${String(etag)}|${body.length}|${encoding}`;
    let compressed = bodies.get(key);
    if (!compressed) {
      compressed = compress(body, encoding);
      if (bodies.size >= BODIES_MAX) bodies.delete(bodies.keys().next().value!);
      bodies.set(key, compressed);
    }
    res.setHeader("content-encoding", encoding);
    res.setHeader("content-length", compressed.length);
    varyOnEncoding(res);
    return end(compressed, typeof chunkEncoding === "function" ? chunkEncoding : cb);
  } as ServerResponse["end"];
}

function varyOnEncoding(res: ServerResponse) {
  const vary = String(res.getHeader("vary") ?? "");
  if (!/\baccept-encoding\b/i.test(vary)) res.setHeader("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
}
