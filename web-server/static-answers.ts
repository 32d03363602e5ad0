import type { IncomingMessage, ServerResponse } from "node:http";
import { chooseEncoding } from "./precompressed";

/**
 * Whole answers of prerendered pages, replayed without Next.js. A page Next.js serves
 * from its cache is the same bytes and headers for every anonymous visitor until Next.js's cache
 * says otherwise; the slow path (Next.js, the page policy, precompression) answers it once and this
 * keeps what went out — status, every header with its CSP, the compressed body — and sends it
 * straight to later visitors, as the nginx micro-cache did where it ran.
 *
 * It never outlives Next.js's cache: an answer is kept for its own `s-maxage` (Next.js writes the
 * page's revalidate time there: 1 s for a public page built without the API, 30 s with it), after
 * which the next visit goes to Next.js again, which serves and rebuilds the page as it would without
 * this. Answers marked stale by Next.js (served while it rebuilds) are not kept, nor are answers that
 * are private, vary by anything but the encoding, or depend on the request (cookies, the client
 * router's headers, conditional requests, a query).
 */
type Answer = { headers: string[]; body: Buffer; until: number };

const answers = new Map<string, Answer>();
const ANSWERS_MAX = 100;

/**
 * Request headers after which Next.js answers something else than the page itself: a session
 * (the top bar rendered per request, next.config.mjs), the client router's requests (RSC payloads,
 * prefetches), a conditional request (304) or a range.
 */
const ANSWERED_OTHERWISE = [
  "cookie",
  "authorization",
  "rsc",
  "next-router-state-tree",
  "next-router-prefetch",
  "next-router-segment-prefetch",
  "next-url",
  "next-action",
  "if-none-match",
  "if-modified-since",
  "range",
];

/** How many answers were kept (tests: a page goes through Next.js once per lifetime, not per visit). */
export let kept = 0;

/** The key of a request the table can answer, or null when it must go to Next.js. */
function keyOf(req: IncomingMessage, https: boolean): string | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  const url = req.url ?? "";
  if (!url.startsWith("/") || url.includes("?")) return null;
  for (const name of ANSWERED_OTHERWISE) if (req.headers[name] !== undefined) return null;
  const encoding = chooseEncoding(req.headers["accept-encoding"]);
  return encoding ? `${url}|${https ? "https" : "http"}|${encoding}` : null;
}

/** Sends the kept answer to this request, if there is a fresh one. Answers whether it did. */
export function serveKeptAnswer(req: IncomingMessage, res: ServerResponse, https: boolean): boolean {
  if (answers.size === 0) return false;
  const key = keyOf(req, https);
  const answer = key ? answers.get(key) : undefined;
  if (!answer) return false;
  if (Date.now() >= answer.until) {
    answers.delete(key!);
    return false;
  }
  res.writeHead(200, answer.headers);
  res.end(req.method === "HEAD" ? undefined : answer.body);
  return true;
}

/** Seconds a shared cache may keep the answer, from its Cache-Control; null when it may not. */
function sharedLifetime(cacheControl: unknown): number | null {
  const value = String(cacheControl ?? "").toLowerCase();
  if (/\b(?:private|no-store|no-cache)\b/.test(value)) return null;
  const seconds = /\bs-maxage=(\d+)/.exec(value)?.[1];
  return seconds ? Number(seconds) : null;
}

/**
 * Keeps this request's answer when it is a whole, shareable page (compressed, or as it is for a
 * client that takes no compression). Placed innermost of
 * this server's layers (after the page policy and precompression have set their headers), just
 * above the `compression` middleware, which passes an already compressed body through untouched.
 */
export function keepAnswer(req: IncomingMessage, res: ServerResponse, https: boolean) {
  if (req.method !== "GET") return;
  const key = keyOf(req, https);
  if (!key) return;
  const end = res.end.bind(res) as (chunk?: unknown, encoding?: unknown, cb?: unknown) => ServerResponse;
  res.end = function (chunk?: unknown, encoding?: unknown, cb?: unknown) {
    if (!res.headersSent && res.statusCode === 200 && Buffer.isBuffer(chunk)) remember(key, res, chunk);
    return end(chunk, encoding, cb);
  } as ServerResponse["end"];
}

function remember(key: string, res: ServerResponse, body: Buffer) {
  const headers = res.getHeaders();
  const lifetime = sharedLifetime(headers["cache-control"]);
  const vary = String(headers["vary"] ?? "")
    .toLowerCase()
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name && name !== "accept-encoding");
  const shareable =
    lifetime !== null &&
    lifetime > 0 &&
    headers["etag"] !== undefined &&
    String(headers["content-type"] ?? "").includes("text/html") &&
    key.endsWith(`|${String(headers["content-encoding"] ?? "identity")}`) &&
    Number(headers["content-length"]) === body.length &&
    String(headers["x-nextjs-cache"] ?? "HIT").toUpperCase() === "HIT" &&
    vary.every((name) => ANSWERED_OTHERWISE.includes(name)) &&
    headers["set-cookie"] === undefined;
  if (!shareable) return;
  const flat: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) flat.push(name, String(one));
  }
  if (answers.size >= ANSWERS_MAX) answers.delete(answers.keys().next().value!);
  answers.set(key, { headers: flat, body, until: Date.now() + lifetime * 1000 });
  kept++;
}
