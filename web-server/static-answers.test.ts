import { createHash } from "node:crypto";
import { createServer, request, type IncomingHttpHeaders, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { createRequestHandler } from "./handler";
import * as staticAnswers from "./static-answers";

const PAYLOAD = 'self.__next_f.push([1,"0:{}"])';
const sha = (script: string) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`;

/**
 * A stand-in for Next.js serving a prerendered page from its cache, with the headers it sends
 * (next.config.mjs's included, HSTS on a forwarded https request): `version` is the page Next.js
 * holds now, `cache` what its x-nextjs-cache says.
 */
const next = { version: 1, cache: "HIT", renders: 0, sMaxage: 1 };
const page = (version: number) =>
  `<!DOCTYPE html><html><body>${`<p>Version ${version} of the home page.</p>`.repeat(60)}<script>${PAYLOAD}</script></body></html>`;

async function handle(req: IncomingMessage, res: import("node:http").ServerResponse) {
  next.renders++;
  res.setHeader("x-content-type-options", "nosniff");
  res.setHeader("referrer-policy", "strict-origin-when-cross-origin");
  res.setHeader("x-frame-options", "DENY");
  res.setHeader("permissions-policy", "camera=(self), geolocation=()");
  if (req.headers["x-forwarded-proto"] === "https")
    res.setHeader("strict-transport-security", "max-age=63072000; includeSubDomains");
  res.setHeader("vary", "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch");
  res.setHeader("x-nextjs-cache", next.cache);
  res.setHeader("x-nextjs-prerender", "1");
  res.setHeader("cache-control", `s-maxage=${next.sMaxage}, stale-while-revalidate=299`);
  res.setHeader("etag", `"page-${next.version}"`);
  res.setHeader("content-type", "text/html; charset=utf-8");
  res.end(Buffer.from(page(next.version)));
}

let server: Server;
let port: number;
beforeAll(async () => {
  server = createServer(createRequestHandler({ dev: false, isTrustedProxy: (a) => a.endsWith("127.0.0.1"), handle }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let now = 1_000_000;
beforeEach(() => {
  now += 3_600_000; // whatever an earlier test kept has expired
  jest.spyOn(Date, "now").mockImplementation(() => now);
  Object.assign(next, { version: next.version + 1, cache: "HIT", renders: 0, sMaxage: 1 });
});
afterEach(() => jest.restoreAllMocks());

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** A visit; a header given as undefined is not sent (by default the client accepts brotli). */
function visit(path: string, headers: Record<string, string | undefined> = {}, method = "GET"): Promise<Answer> {
  const sent = Object.fromEntries(
    Object.entries({ "accept-encoding": "br", ...headers }).filter((header): header is [string, string] => !!header[1]),
  );
  return new Promise((resolve, reject) => {
    const req = request({ port, host: "127.0.0.1", path, method, headers: sent });
    req.on("response", (res) => {
      const parts: Buffer[] = [];
      res.on("data", (part: Buffer) => parts.push(part));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts) }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Every header but the date, which Node writes for each answer. */
const withoutDate = ({ date, ...rest }: IncomingHttpHeaders) => (expect(date).toBeTruthy(), rest);
const text = (answer: Answer) =>
  (answer.headers["content-encoding"] === "br"
    ? brotliDecompressSync(answer.body)
    : answer.headers["content-encoding"] === "gzip"
      ? gunzipSync(answer.body)
      : answer.body
  ).toString();

describe("static pages answered without Next.js", () => {
  it("replays the first answer: the same status, headers (the CSP included) and bytes", async () => {
    const first = await visit("/");
    // As strict as a page Next.js answers whole: its scripts by hash, no nonce (it would be shared).
    const scriptSrc = /script-src [^;]*/.exec(String(first.headers["content-security-policy"]))?.[0];
    expect(scriptSrc).toContain(sha(PAYLOAD));
    expect(scriptSrc).not.toMatch(/unsafe-inline|nonce/);
    const kept = staticAnswers.kept;
    const again = await visit("/");
    const third = await visit("/");
    expect(next.renders).toBe(1);
    expect(staticAnswers.kept).toBe(kept);
    for (const later of [again, third]) {
      expect(later.status).toBe(200);
      expect(withoutDate(later.headers)).toEqual(withoutDate(first.headers));
      expect(later.body.equals(first.body)).toBe(true);
    }
    expect(text(first)).toBe(page(next.version));
    const head = await visit("/", {}, "HEAD");
    expect(withoutDate(head.headers)).toEqual(withoutDate(first.headers));
    expect(head.body.length).toBe(0);
    expect(next.renders).toBe(1);
  });

  it("keeps an answer no longer than Next.js's cache lets a shared cache: the rebuilt page follows", async () => {
    const first = await visit("/privacy-policy");
    next.version++; // Next.js rebuilds the page in the background
    now += 999;
    expect((await visit("/privacy-policy")).body.equals(first.body)).toBe(true);
    now += 1;
    const fresh = await visit("/privacy-policy");
    expect(text(fresh)).toBe(page(next.version));
    expect(fresh.headers["etag"]).toBe(`"page-${next.version}"`);
    expect((await visit("/privacy-policy")).body.equals(fresh.body)).toBe(true);
    expect(next.renders).toBe(2);
  });

  it("does not keep a page Next.js serves stale while rebuilding, nor one it may not share", async () => {
    next.cache = "STALE";
    await visit("/terms-condition");
    await visit("/terms-condition");
    expect(next.renders).toBe(2);
    next.cache = "HIT";
    next.sMaxage = 0;
    await visit("/terms-condition");
    await visit("/terms-condition");
    expect(next.renders).toBe(4);
  });

  it("sends to Next.js every visit the page may answer otherwise", async () => {
    await visit("/");
    expect(next.renders).toBe(1);
    const otherwise: [string, Record<string, string>][] = [
      ["/", { cookie: "loyalty_session=x" }],
      ["/", { rsc: "1" }],
      ["/", { "next-router-prefetch": "1" }],
      ["/", { "if-none-match": `"page-${next.version}"` }],
      ["/?utm=mail", {}],
      ["/", { "accept-encoding": "identity;q=0" }],
    ];
    for (const [path, headers] of otherwise) await visit(path, headers);
    expect(next.renders).toBe(1 + otherwise.length);
  });

  it("keeps each encoding and scheme apart: HSTS only where the client came over https", async () => {
    const http = await visit("/");
    const https = await visit("/", { "x-forwarded-proto": "https" });
    const gzip = await visit("/", { "accept-encoding": "gzip" });
    expect(next.renders).toBe(3);
    expect(http.headers["strict-transport-security"]).toBeUndefined();
    expect(https.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    expect(https.headers["content-security-policy"]).toContain("upgrade-insecure-requests");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(withoutDate((await visit("/")).headers)).toEqual(withoutDate(http.headers));
    expect(withoutDate((await visit("/", { "x-forwarded-proto": "https" })).headers)).toEqual(
      withoutDate(https.headers),
    );
    expect((await visit("/", { "accept-encoding": "gzip" })).body.equals(gzip.body)).toBe(true);
    expect(next.renders).toBe(3);
  });

  it("answers a client that takes no compression from a kept answer too, uncompressed, with the same headers", async () => {
    const compressed = await visit("/");
    for (const headers of [{ "accept-encoding": undefined }, { "accept-encoding": "identity" }]) {
      const first = await visit("/", headers);
      const again = await visit("/", headers);
      expect(first.headers["content-encoding"]).toBeUndefined();
      expect(Number(first.headers["content-length"])).toBe(first.body.length);
      expect(first.headers["vary"]).toBe(compressed.headers["vary"]);
      expect(first.headers["vary"]).toMatch(/accept-encoding/i);
      expect(first.headers["content-security-policy"]).toBe(compressed.headers["content-security-policy"]);
      expect(text(first)).toBe(page(next.version));
      expect(withoutDate(again.headers)).toEqual(withoutDate(first.headers));
      expect(again.body.equals(first.body)).toBe(true);
    }
    // Next.js rendered the page once for the compressed answer and once for the uncompressed one.
    expect(next.renders).toBe(2);
  });
});
