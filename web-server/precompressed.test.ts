import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import * as precompressed from "./precompressed";
import { chooseEncoding, servePrecompressed } from "./precompressed";

const PAGE = `<html><body>${"<p>Loyalty cards for small businesses.</p>".repeat(100)}</body></html>`;

/** A visit whose answer is recorded as it would reach the `compression` middleware below. */
function visit(url: string, acceptEncoding: string | undefined, answer: { etag?: string; status?: number } = {}) {
  const req = new IncomingMessage(new Socket());
  req.url = url;
  req.method = "GET";
  if (acceptEncoding !== undefined) req.headers["accept-encoding"] = acceptEncoding;
  const res = new ServerResponse(req);
  let body: Buffer | undefined;
  res.end = function (chunk?: unknown) {
    body = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    return res;
  } as ServerResponse["end"];
  servePrecompressed(req, res);
  res.statusCode = answer.status ?? 200;
  res.setHeader("content-type", "text/html; charset=utf-8");
  if (answer.etag) res.setHeader("etag", answer.etag);
  res.end(PAGE);
  return { res, body: body! };
}

describe("prerendered pages, compressed", () => {
  it("once per page, build and encoding; every visit gets the same bytes", () => {
    const before = precompressed.compressions;
    const first = visit("/", "gzip, deflate, br, zstd", { etag: '"home-1"' });
    expect(first.res.getHeader("content-encoding")).toBe("br");
    expect(first.res.getHeader("content-length")).toBe(first.body.length);
    expect(first.res.getHeader("vary")).toBe("Accept-Encoding");
    expect(brotliDecompressSync(first.body).toString()).toBe(PAGE);
    for (let i = 0; i < 5; i++) expect(visit("/?utm=x", "br", { etag: '"home-1"' }).body.equals(first.body)).toBe(true);
    expect(precompressed.compressions - before).toBe(1);
    const gzip = visit("/", "gzip", { etag: '"home-1"' });
    expect(gunzipSync(gzip.body).toString()).toBe(PAGE);
    // A rebuilt page (new ETag) is compressed again.
    visit("/", "br", { etag: '"home-2"' });
    expect(precompressed.compressions - before).toBe(3);
  });

  it("leaves to the `compression` middleware what may differ per visit or is not a page", () => {
    for (const [accept, answer] of [
      ["br", {}], // no ETag: rendered for this request
      ["br", { etag: '"x"', status: 404 }],
    ] as const) {
      const { res, body } = visit("/terms-condition", accept, answer);
      expect(res.getHeader("content-encoding")).toBeUndefined();
      expect(body.toString()).toBe(PAGE);
    }
  });

  it("chooses brotli, then gzip, among what the client accepts", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("gzip;q=1, br;q=0")).toBe("gzip");
  });

  it("sends the page as it is to a client that takes no compression, unless it refuses that too", () => {
    expect(chooseEncoding("deflate")).toBe("identity");
    expect(chooseEncoding(undefined)).toBe("identity");
    expect(chooseEncoding("identity")).toBe("identity");
    expect(chooseEncoding("*;q=0, identity")).toBe("identity");
    expect(chooseEncoding("identity;q=0")).toBeNull();
    expect(chooseEncoding("*;q=0")).toBeNull();
  });

  it("gives an uncompressed page the compressed one's headers: its length and Vary", () => {
    const before = precompressed.compressions;
    for (const accept of [undefined, "identity"]) {
      const { res, body } = visit("/pricing", accept, { etag: '"pricing-1"' });
      expect(res.getHeader("content-encoding")).toBeUndefined();
      expect(res.getHeader("content-length")).toBe(Buffer.byteLength(PAGE));
      expect(res.getHeader("vary")).toBe("Accept-Encoding");
      expect(body.toString()).toBe(PAGE);
    }
    expect(precompressed.compressions - before).toBe(0);
  });
});
