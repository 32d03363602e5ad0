import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { inlineScriptHashes } from "./inline-scripts";
import { adoptWriteHeadHeaders } from "./write-head";

/**
 * Third-party origins our pages may load from, by CSP directive: Google's page-translation
 * element, and Stripe.js with its Elements and 3-D Secure frames (docs.stripe.com/security/guide#content-security-policy).
 */
export const THIRD_PARTY: Record<"script" | "style" | "img" | "connect" | "frame", string[]> = {
  script: [
    "https://translate.google.com",
    "https://translate.googleapis.com",
    "https://translate-pa.googleapis.com",
    "https://js.stripe.com",
  ],
  style: ["https://translate.googleapis.com", "https://www.gstatic.com"],
  img: [
    "https://www.gstatic.com",
    "https://www.google.com",
    "https://translate.google.com",
    "https://translate.googleapis.com",
  ],
  connect: ["https://translate.googleapis.com", "https://translate-pa.googleapis.com", "https://api.stripe.com"],
  frame: [
    "https://translate.google.com",
    "https://translate.googleapis.com",
    "https://js.stripe.com",
    "https://hooks.stripe.com",
  ],
};

/**
 * The Firebase web SDK registers a device for push with these (connect-src only: the SDK itself is
 * bundled, and the service worker imports nothing). Allowed only when push is configured.
 */
const FIREBASE_CONNECT = ["https://firebaseinstallations.googleapis.com", "https://fcmregistrations.googleapis.com"];
const firebaseConnect = () => (process.env.NEXT_PUBLIC_FIREBASE_CONFIG ? FIREBASE_CONNECT : []);

export type PolicyOptions = { dev: boolean; https: boolean };

/**
 * The Content-Security-Policy of a page whose inline scripts are allowed by these sources: the
 * hashes of the scripts the page was sent with (its prerendered part) and the nonce of this answer
 * (what Next.js renders for the request carries it).
 */
export function contentSecurityPolicy(sources: string[], { dev, https }: PolicyOptions): string {
  const list = (...items: string[]) => items.filter(Boolean).join(" ");
  return [
    "default-src 'self'",
    // Development builds evaluate modules with eval (React's debugging aids); production never does.
    `script-src ${list("'self'", ...sources, dev ? "'unsafe-eval'" : "", ...THIRD_PARTY.script)}`,
    `style-src ${list("'self'", "'unsafe-inline'", ...THIRD_PARTY.style)}`,
    `img-src ${list("'self'", "data:", "blob:", ...THIRD_PARTY.img)}`,
    "font-src 'self' data:",
    `connect-src ${list("'self'", dev ? "ws:" : "", ...THIRD_PARTY.connect, ...firebaseConnect())}`,
    `frame-src ${list(...THIRD_PARTY.frame) || "'none'"}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** Paths that never answer with a page: the BFF and Next.js's own files. */
const NEVER_A_PAGE = /^\/(?:api|_next\/static)\//;

/**
 * Gives a request that may render a page a fresh nonce, where Next.js looks for it: the request's
 * own Content-Security-Policy header (Next.js reads the nonce of its `script-src` and puts it on
 * every script it renders for this request, the streamed parts of a page included). Whatever
 * policy headers the client sent are dropped first, so a client never picks the nonce. Answers the
 * nonce, or null for requests that never render a page.
 */
export function assignNonce(req: IncomingMessage): string | null {
  delete req.headers["content-security-policy"];
  delete req.headers["content-security-policy-report-only"];
  if (NEVER_A_PAGE.test(req.url ?? "")) return null;
  const nonce = randomBytes(16).toString("base64");
  req.headers["content-security-policy"] = `script-src 'nonce-${nonce}'`;
  return nonce;
}

const isHtml = (type: unknown) => String(type ?? "").includes("text/html");

/**
 * What a page's first part allowed, by page, ETag and length: a prerendered page is the same bytes
 * on every visit, so its scripts are hashed and its whole policy written once per build (or per
 * background rebuild, which brings a new ETag), not on every visit. Keyed by the page's path, so it
 * holds for every prerendered page (locale-prefixed ones included) without a list of them.
 */
const seen = new Map<string, { hashes: string[]; policies: Map<string, string> }>();
const SEEN_MAX = 500;

/** How many first parts were read and hashed (tests: a prerendered page is read once, not per visit). */
export let pageReadings = 0;

type Callback = (error?: Error | null) => void;

const textOf = (chunk: unknown, encoding?: unknown): string =>
  typeof chunk === "string"
    ? chunk
    : chunk instanceof Uint8Array
      ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString(
          (typeof encoding === "string" ? encoding : "utf8") as BufferEncoding,
        )
      : "";

const sizeOf = (chunk: unknown) =>
  typeof chunk === "string" ? chunk.length : chunk instanceof Uint8Array ? chunk.byteLength : 0;

/** The remembered facts of a page's first part (read as text only when not seen before). */
function pageFacts(
  chunk: unknown,
  encoding: unknown,
  key: string | undefined,
  onRefused: (n: number) => void,
): { hashes: string[]; policies: Map<string, string> } {
  const cached = key ? seen.get(key) : undefined;
  if (cached) return cached;
  const facts = { hashes: [] as string[], policies: new Map<string, string>() };
  if (sizeOf(chunk) > 0) {
    pageReadings++;
    const { hashes, refused } = inlineScriptHashes(textOf(chunk, encoding));
    if (refused > 0) onRefused(refused);
    facts.hashes = hashes;
  }
  if (key) {
    if (seen.size >= SEEN_MAX) seen.delete(seen.keys().next().value!);
    seen.set(key, facts);
  }
  return facts;
}

/**
 * Gives every HTML answer its CSP without holding the page back. A policy is a header, so it must
 * be decided before the first byte of the body; it is decided on the first part Next.js writes:
 * - a prerendered page served whole (from Next.js's cache) arrives in that one write: its inline
 *   scripts are the framework's (checked by shape, inline-scripts.ts) and are allowed by hash, and
 *   no nonce is given (a static page Next.js rebuilt in the background carries the nonce of the
 *   visit that asked for the rebuild, the same for every later visitor: it must allow nothing);
 * - a page rendered for the request (dynamic, or the streamed holes of a partially prerendered
 *   page) gets this request's nonce on every script Next.js writes (assignNonce); the prerendered
 *   shell that goes first has its own scripts, if any, allowed by hash like a static page.
 * Nothing after the first write is held or read, so a slow Suspense hole no longer delays the
 * shell. A script in a later part without the nonce (one that did not come from Next.js) does not
 * run. Every other answer passes through untouched.
 */
export function applyPagePolicy(
  res: ServerResponse,
  options: PolicyOptions & { nonce: string | null; page?: string },
  onRefused: (n: number) => void,
) {
  const write = res.write.bind(res) as (chunk: unknown, encoding?: unknown, cb?: unknown) => boolean;
  const end = res.end.bind(res) as (chunk?: unknown, encoding?: unknown, cb?: unknown) => ServerResponse;
  const writeHead = res.writeHead.bind(res) as (status: number) => ServerResponse;
  const flushHeaders = res.flushHeaders.bind(res);
  let mode: "undecided" | "hold" | "pass" = "undecided";
  const decide = () => {
    if (mode === "undecided") mode = isHtml(res.getHeader("content-type")) ? "hold" : "pass";
    return mode;
  };
  /** Sets the policy from the first part of the body; from then on everything passes through. */
  const release = (first: unknown, encoding: unknown, whole: boolean) => {
    const etag = res.getHeader("etag");
    // Only a page with an ETag is known to be the same bytes next time (Next.js gives one to
    // prerendered pages); the path keeps two pages that happen to share an ETag apart.
    const key = etag ? `${options.page ?? ""}|${String(etag)}|${typeof first}|${sizeOf(first)}` : undefined;
    const { hashes, policies } = pageFacts(first, encoding, key, onRefused);
    // A body written whole has nothing rendered later: its policy needs no nonce, and stays the
    // same for every visit (a shared cache may keep the page with it), so it is written once.
    if (whole || !options.nonce) {
      const variant = `${options.dev}|${options.https}`;
      let policy = policies.get(variant);
      if (!policy) {
        policy = contentSecurityPolicy(hashes, options);
        if (key) policies.set(variant, policy);
      }
      res.setHeader("content-security-policy", policy);
    } else {
      res.setHeader("content-security-policy", contentSecurityPolicy([`'nonce-${options.nonce}'`, ...hashes], options));
    }
    mode = "pass";
  };

  // Headers given to writeHead wait with the others until the policy joins them.
  res.writeHead = function (status: number, ...rest: unknown[]) {
    adoptWriteHeadHeaders(res, rest);
    res.statusCode = status;
    return decide() === "pass" ? writeHead(status) : res;
  } as ServerResponse["writeHead"];

  res.flushHeaders = function () {
    if (decide() === "pass") flushHeaders();
  };

  res.write = function (chunk: unknown, encoding?: unknown, cb?: unknown) {
    if (decide() === "hold") release(chunk, encoding, false);
    return write(chunk, encoding as Callback, cb);
  } as ServerResponse["write"];

  res.end = function (chunk?: unknown, encoding?: unknown, cb?: unknown) {
    if (decide() === "hold") release(chunk, encoding, true);
    return end(chunk, encoding, cb);
  } as ServerResponse["end"];
}
