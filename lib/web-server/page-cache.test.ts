import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { acceptedEncoding, createPageCache, PAGE_CACHE_TTL_MS } from "./page-cache";

/** What the app below the cache answers, and how often it was asked. */
type Page = { status?: number; headers?: Record<string, string>; body?: string };
const PUBLIC_PAGE: Page = {
  headers: { "content-type": "text/html; charset=utf-8", "cache-control": "s-maxage=30, stale-while-revalidate=300" },
};

let clock = 0;
let calls = 0;
let page: Page = PUBLIC_PAGE;
let server: http.Server;
let base: string;

beforeAll(async () => {
  const cache = createPageCache(() => clock);
  server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
    if (cache.serve(req, res, false)) return;
    cache.record(req, res, false);
    calls++;
    res.writeHead(page.status ?? 200, page.headers ?? {});
    // Written in two parts, as a streamed page is.
    res.write(`<!doctype html><p>render ${calls}</p>`);
    res.end(page.body ?? "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

beforeEach(() => {
  clock += 60_000; // whatever an earlier test kept has expired
  calls = 0;
  page = PUBLIC_PAGE;
});

const get = (path: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });

describe("the one-second page cache", () => {
  it("answers a public page's repeat visits from the first answer, for one second", async () => {
    const first = await get("/a");
    const second = await get("/a");
    expect(second.body.toString()).toBe(first.body.toString());
    expect(second.body.toString()).toContain("render 1");
    expect(second.headers["cache-control"]).toBe(PUBLIC_PAGE.headers!["cache-control"]);
    expect(second.headers["content-length"]).toBe(String(first.body.length));
    expect(calls).toBe(1);

    clock += PAGE_CACHE_TTL_MS;
    expect((await get("/a")).body.toString()).toContain("render 2");
    expect(calls).toBe(2);
  });

  it("keeps each URL apart, query included", async () => {
    await get("/a?x=1");
    expect((await get("/a?x=2")).body.toString()).toContain("render 2");
    expect((await get("/a?x=1")).body.toString()).toContain("render 1");
  });

  it("never answers or keeps requests that carry cookies, credentials, router or conditional headers", async () => {
    const withheld: Record<string, string>[] = [
      { cookie: "loyalty_session=abc" },
      { authorization: "Bearer x" },
      { rsc: "1" },
      { "next-router-prefetch": "1" },
      { "if-none-match": '"etag"' },
    ];
    for (const headers of withheld) {
      await get("/b"); // kept
      calls = 0;
      expect((await get("/b", headers)).body.toString()).toContain("render 1");
      expect(calls).toBe(1);
      clock += PAGE_CACHE_TTL_MS;
    }
    // A signed-in visitor's answer is not kept for the next visitor either.
    calls = 0;
    await get("/c", { cookie: "loyalty_session=abc" });
    await get("/c");
    expect(calls).toBe(2);
  });

  it("keeps only complete 200 HTML answers a shared cache may keep, without cookies", async () => {
    const refused: Page[] = [
      { headers: { ...PUBLIC_PAGE.headers, "set-cookie": "a=b" } },
      { headers: { "content-type": "text/html", "cache-control": "private, no-cache, no-store, max-age=0" } },
      { headers: { "content-type": "text/html", "cache-control": "s-maxage=0" } },
      { headers: { "content-type": "application/json", "cache-control": "s-maxage=30" } },
      { status: 404, headers: PUBLIC_PAGE.headers },
      { headers: { ...PUBLIC_PAGE.headers, "content-encoding": "gzip" } },
      { headers: PUBLIC_PAGE.headers, body: "x".repeat(600 * 1024) },
    ];
    for (const [i, answer] of refused.entries()) {
      page = answer;
      calls = 0;
      await get(`/d${i}`);
      await get(`/d${i}`);
      expect([i, calls]).toEqual([i, 2]);
    }
  });

  it("compresses a kept page once per encoding, as the browser asks", async () => {
    page = { ...PUBLIC_PAGE, body: "loyalty ".repeat(2000) };
    const plain = await get("/e");
    const br = await get("/e", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body).toString()).toBe(plain.body.toString());
    const gzip = await get("/e", { "accept-encoding": "gzip;q=1, br;q=0" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(plain.body.toString());
    expect(gzip.body.length).toBeLessThan(plain.body.length / 10);
    expect(calls).toBe(1);
  });
});

describe("Accept-Encoding", () => {
  it("prefers brotli, then gzip, and honours q=0", () => {
    expect(acceptedEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(acceptedEncoding("gzip")).toBe("gzip");
    expect(acceptedEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(acceptedEncoding("identity")).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});
