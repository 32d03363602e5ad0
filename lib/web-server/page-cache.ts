import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { adoptWriteHeadHeaders } from "./write-head";

/**
 * A one-second cache of the pages that are the same for every visitor without cookies (the public
 * pages, the login and register forms): under load, Next.js renders each of them from its own
 * cache at most once a second, and every other visit is a copy of that answer. What Next.js says
 * a shared cache may keep (`Cache-Control: s-maxage`) is all it keeps, and never longer than a
 * second, so a content change still shows as quickly as the pages revalidate (lib/site-data.ts).
 *
 * Only plain page requests take part: GET, no cookie (a session, a card, a language choice may
 * change the page: next.config.mjs rewrites session requests), no Authorization, no conditional
 * or router (RSC) headers. Only complete 200 HTML answers without Set-Cookie are kept.
 */
export const PAGE_CACHE_TTL_MS = 1000;
const MAX_ENTRIES = 200;
const MAX_BODY_BYTES = 512 * 1024;

/** Request headers that make an answer depend on more than the URL (Next.js's Vary, cookies). */
const PERSONAL_HEADERS = [
  "cookie",
  "authorization",
  "rsc",
  "next-router-state-tree",
  "next-router-prefetch",
  "next-router-segment-prefetch",
  "next-action",
  "if-none-match",
  "if-modified-since",
  "range",
];

/** Headers Node writes itself for each answer. */
const PER_ANSWER = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);

type Encoding = "br" | "gzip";
type Entry = {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  expires: number;
  /** The body compressed once per encoding asked for, instead of once per visit. */
  encoded: Partial<Record<Encoding, Buffer>>;
};

/** The encoding to answer with, preferring brotli as the compression layer does; null for none. */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  const accepted = new Set<string>();
  for (const part of String(header ?? "").split(",")) {
    const [token, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (token && (!q || Number(q.slice(2)) > 0)) accepted.add(token);
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return null;
}

const encode = (encoding: Encoding, body: Buffer) =>
  encoding === "br" ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(body);

export type PageCache = {
  /** Answers the request from the cache; false when it must go on to Next.js. */
  serve(req: IncomingMessage, res: ServerResponse, https: boolean): boolean;
  /** Keeps the answer the layers below write to `res`, when it may be kept. */
  record(req: IncomingMessage, res: ServerResponse, https: boolean): void;
};

const keyOf = (req: IncomingMessage, https: boolean) =>
  req.method === "GET" && !PERSONAL_HEADERS.some((name) => req.headers[name] !== undefined)
    ? `${https ? "https" : "http"}://${req.headers.host ?? ""}${req.url}`
    : null;

function mayKeep(res: ServerResponse): boolean {
  if (res.statusCode !== 200 || res.getHeader("set-cookie") !== undefined) return false;
  // Kept as Next.js wrote it, before compression: the compression layer encodes each copy.
  if (res.getHeader("content-encoding") !== undefined) return false;
  if (!String(res.getHeader("content-type") ?? "").includes("text/html")) return false;
  return /(?:^|,)\s*s-maxage=[1-9]/.test(String(res.getHeader("cache-control") ?? ""));
}

export function createPageCache(now: () => number = Date.now): PageCache {
  const entries = new Map<string, Entry>();

  return {
    serve(req, res, https) {
      const key = keyOf(req, https);
      const entry = key ? entries.get(key) : undefined;
      if (!entry) return false;
      if (entry.expires <= now()) {
        entries.delete(key!);
        return false;
      }
      const encoding = acceptedEncoding(req.headers["accept-encoding"]);
      // An answer that says its encoding passes the compression layer as it is.
      const body = encoding ? (entry.encoded[encoding] ??= encode(encoding, entry.body)) : entry.body;
      res.writeHead(entry.status, {
        ...entry.headers,
        ...(encoding && { "content-encoding": encoding }),
        "content-length": body.length,
      });
      res.end(body);
      return true;
    },

    record(req, res, https) {
      const key = keyOf(req, https);
      if (!key) return;
      const chunks: Buffer[] = [];
      let size = 0;
      let keep = true;
      const take = (chunk: unknown, encoding?: unknown) => {
        if (!keep || chunk === undefined || chunk === null || typeof chunk === "function") return;
        const buffer = Buffer.isBuffer(chunk)
          ? chunk
          : typeof chunk === "string"
            ? Buffer.from(chunk, (typeof encoding === "string" ? encoding : "utf8") as BufferEncoding)
            : Buffer.from(chunk as Uint8Array);
        size += buffer.length;
        if (size > MAX_BODY_BYTES) keep = false;
        else chunks.push(buffer);
      };
      const writeHead = res.writeHead.bind(res) as (status: number) => ServerResponse;
      // Headers given to writeHead are kept with the others, so the copy has them all.
      res.writeHead = function (status: number, ...rest: unknown[]) {
        adoptWriteHeadHeaders(res, rest);
        return writeHead(status);
      } as ServerResponse["writeHead"];
      const write = res.write.bind(res) as (...args: unknown[]) => boolean;
      const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
      res.write = function (chunk: unknown, ...rest: unknown[]) {
        take(chunk, rest[0]);
        return write(chunk, ...rest);
      } as ServerResponse["write"];
      res.end = function (chunk?: unknown, ...rest: unknown[]) {
        take(chunk, rest[0]);
        if (keep && mayKeep(res)) {
          const headers: OutgoingHttpHeaders = {};
          for (const [name, value] of Object.entries(res.getHeaders())) {
            if (!PER_ANSWER.has(name) && value !== undefined) headers[name] = value;
          }
          if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
          entries.set(key, {
            status: 200,
            headers,
            body: Buffer.concat(chunks),
            expires: now() + PAGE_CACHE_TTL_MS,
            encoded: {},
          });
        }
        return end(chunk, ...rest);
      } as ServerResponse["end"];
    },
  };
}
