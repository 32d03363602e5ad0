import type { ServerResponse } from "node:http";
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

/** The Content-Security-Policy of a page whose allowed inline scripts have these hashes. */
export function contentSecurityPolicy(hashes: string[], { dev, https }: PolicyOptions): string {
  const list = (...sources: string[]) => sources.filter(Boolean).join(" ");
  return [
    "default-src 'self'",
    // Development builds evaluate modules with eval (React's debugging aids); production never does.
    `script-src ${list("'self'", ...hashes, dev ? "'unsafe-eval'" : "", ...THIRD_PARTY.script)}`,
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

const isHtml = (type: unknown) => String(type ?? "").includes("text/html");

/** Policies of pages already seen, by ETag (static pages are the same bytes every time). */
const byEtag = new Map<string, string>();
const BY_ETAG_MAX = 500;

function policyFor(html: Buffer, etag: string | undefined, options: PolicyOptions, onRefused: (n: number) => void) {
  const key = etag && `${etag}|${options.https}`;
  const cached = key ? byEtag.get(key) : undefined;
  if (cached) return cached;
  const { hashes, refused } = inlineScriptHashes(html.toString("utf8"));
  if (refused > 0) onRefused(refused);
  const policy = contentSecurityPolicy(hashes, options);
  if (key) {
    if (byEtag.size >= BY_ETAG_MAX) byEtag.delete(byEtag.keys().next().value!);
    byEtag.set(key, policy);
  }
  return policy;
}

type Callback = (error?: Error | null) => void;

/**
 * Gives every HTML response its CSP. An HTML body is held until it is complete (its inline scripts
 * decide the policy, which is a header); every other response passes through untouched.
 */
export function applyPagePolicy(res: ServerResponse, options: PolicyOptions, onRefused: (n: number) => void) {
  const write = res.write.bind(res) as (chunk: unknown, cb?: Callback) => boolean;
  const end = res.end.bind(res) as (chunk?: unknown, cb?: () => void) => ServerResponse;
  const writeHead = res.writeHead.bind(res) as (status: number) => ServerResponse;
  const flushHeaders = res.flushHeaders.bind(res);
  let mode: "undecided" | "hold" | "pass" = "undecided";
  // Set while the held body goes out: the head is written then (the layers below call writeHead).
  let releasing = false;
  const chunks: Buffer[] = [];
  const decide = () => {
    if (mode === "undecided") mode = isHtml(res.getHeader("content-type")) ? "hold" : "pass";
    return mode;
  };
  const toBuffer = (chunk: unknown, encoding?: unknown) =>
    Buffer.isBuffer(chunk)
      ? chunk
      : typeof chunk === "string"
        ? Buffer.from(chunk, (typeof encoding === "string" ? encoding : "utf8") as BufferEncoding)
        : Buffer.from(chunk as Uint8Array);

  res.writeHead = function (status: number, ...rest: unknown[]) {
    adoptWriteHeadHeaders(res, rest);
    res.statusCode = status;
    if (releasing || decide() === "pass") return writeHead(status);
    return res;
  } as ServerResponse["writeHead"];

  res.flushHeaders = function () {
    if (decide() === "pass") flushHeaders();
  };

  res.write = function (chunk: unknown, encoding?: unknown, cb?: unknown) {
    if (decide() === "pass") return write.apply(res, [chunk, encoding, cb] as unknown as [unknown, Callback]);
    chunks.push(toBuffer(chunk, encoding));
    const done = (typeof encoding === "function" ? encoding : cb) as Callback | undefined;
    if (done) process.nextTick(done);
    return true;
  } as ServerResponse["write"];

  res.end = function (chunk?: unknown, encoding?: unknown, cb?: unknown) {
    if (decide() === "pass") return end.apply(res, [chunk, encoding, cb] as unknown as [unknown, () => void]);
    if (chunk !== undefined && chunk !== null && typeof chunk !== "function") chunks.push(toBuffer(chunk, encoding));
    const body = Buffer.concat(chunks);
    const etag = res.getHeader("etag");
    res.setHeader("content-security-policy", policyFor(body, etag ? String(etag) : undefined, options, onRefused));
    if (body.length > 0 && res.getHeader("content-length") !== undefined) res.setHeader("content-length", body.length);
    const done = [chunk, encoding, cb].find((arg) => typeof arg === "function") as (() => void) | undefined;
    releasing = true;
    return body.length > 0 ? end(body, done) : end(undefined, done);
  } as ServerResponse["end"];
}
