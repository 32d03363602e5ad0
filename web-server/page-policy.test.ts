import { createHash } from "node:crypto";
import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import { getScriptNonceFromHeaders } from "next/dist/server/app-render/get-script-nonce-from-header";
import * as pagePolicy from "./page-policy";
import { applyPagePolicy, assignNonce, contentSecurityPolicy, THIRD_PARTY } from "./page-policy";

const sha = (script: string) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`;
const PAYLOAD = 'self.__next_f.push([1,"0:{}"])';

function request(url: string, headers: Record<string, string> = {}) {
  const req = new IncomingMessage(new Socket());
  req.url = url;
  req.method = "GET";
  Object.assign(req.headers, headers);
  return req;
}

type Sent = { event: "head"; status: number; policy: string | undefined } | { event: "body"; text: string };

/**
 * A response whose layers below the policy (compression, the socket) only record what reaches
 * them, and when: the head (with the policy it had then) and each part of the body.
 */
function recordingResponse() {
  const res = new ServerResponse(request("/"));
  const sent: Sent[] = [];
  let headSent = false;
  const head = () => {
    if (headSent) return;
    headSent = true;
    const policy = res.getHeader("content-security-policy");
    sent.push({ event: "head", status: res.statusCode, policy: policy === undefined ? undefined : String(policy) });
  };
  res.writeHead = function (status: number) {
    res.statusCode = status;
    head();
    return res;
  } as ServerResponse["writeHead"];
  res.write = function (chunk: unknown) {
    head();
    sent.push({ event: "body", text: String(chunk) });
    return true;
  } as ServerResponse["write"];
  res.end = function (chunk?: unknown) {
    head();
    if (chunk !== undefined) sent.push({ event: "body", text: String(chunk) });
    return res;
  } as ServerResponse["end"];
  return { res, sent };
}

const options = { dev: false, https: false };
const scriptSrc = (policy: string | undefined) => policy?.split("; ").find((d) => d.startsWith("script-src")) ?? "";

describe("the nonce Next.js renders a page's scripts with", () => {
  it("is fresh for each page request, where Next.js reads it, and never the client's", () => {
    const first = request("/dashboard/main", { "content-security-policy": "script-src 'nonce-chosenbyclient'" });
    const nonce = assignNonce(first);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(getScriptNonceFromHeaders(first.headers)).toBe(nonce);
    expect(assignNonce(request("/dashboard/main"))).not.toBe(nonce);
  });

  it("is not given to the BFF or Next.js's static files, and what the client sent is dropped there too", () => {
    for (const url of ["/api/login", "/_next/static/chunks/a.js"]) {
      const req = request(url, {
        "content-security-policy": "script-src 'nonce-chosenbyclient'",
        "content-security-policy-report-only": "script-src 'nonce-chosenbyclient'",
      });
      expect(assignNonce(req)).toBeNull();
      expect(getScriptNonceFromHeaders(req.headers)).toBeUndefined();
    }
  });
});

describe("a page's Content-Security-Policy", () => {
  it("goes out with the first part of a streamed page, which is not held until the page is complete", () => {
    const { res, sent } = recordingResponse();
    applyPagePolicy(res, { ...options, nonce: "bm9uY2U=" }, () => {});
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    // Nothing goes out before the body's first part: the policy is decided on it.
    expect(sent).toEqual([]);
    const shell = `<html><body><p>Loading…</p><script>${PAYLOAD}</script>`;
    res.write(shell);
    expect(sent).toHaveLength(2);
    const head = sent[0]!;
    expect(head.event === "head" && head.status).toBe(200);
    const policy = head.event === "head" ? head.policy : undefined;
    expect(scriptSrc(policy)).toContain("'nonce-bm9uY2U='");
    expect(scriptSrc(policy)).toContain(sha(PAYLOAD));
    expect(scriptSrc(policy)).not.toContain("'unsafe-inline'");
    // The slow hole, later: passed on at once, as it comes.
    res.write('<script nonce="bm9uY2U=">$RC("B:0","S:0")</script>');
    expect(sent.at(-1)).toEqual({ event: "body", text: '<script nonce="bm9uY2U=">$RC("B:0","S:0")</script>' });
    res.end("</body></html>");
    expect(sent).toHaveLength(4);
  });

  it("allows a page written whole by the hashes of its scripts only (no nonce to cache)", () => {
    const { res, sent } = recordingResponse();
    res.setHeader("content-type", "text/html");
    applyPagePolicy(res, { ...options, nonce: "bm9uY2U=" }, () => {});
    res.end(`<html><script>${PAYLOAD}</script></html>`);
    const head = sent[0]!;
    const policy = head.event === "head" ? head.policy : undefined;
    expect(scriptSrc(policy)).toBe(`script-src 'self' ${sha(PAYLOAD)} ${THIRD_PARTY.script.join(" ")}`);
  });

  it("allows the scripts of a static page rebuilt in the background, which kept an old visit's nonce", () => {
    const { res, sent } = recordingResponse();
    res.setHeader("content-type", "text/html");
    applyPagePolicy(res, { ...options, nonce: "bm9uY2U=" }, () => {});
    res.end(`<html><script nonce="b2xkIHZpc2l0">${PAYLOAD}</script></html>`);
    const head = sent[0]!;
    const policy = head.event === "head" ? head.policy : undefined;
    expect(scriptSrc(policy)).toBe(`script-src 'self' ${sha(PAYLOAD)} ${THIRD_PARTY.script.join(" ")}`);
  });

  it("gives no hash to a script that is not the framework's, and reports it", () => {
    const { res, sent } = recordingResponse();
    const refused: number[] = [];
    res.setHeader("content-type", "text/html");
    applyPagePolicy(res, { ...options, nonce: "bm9uY2U=" }, (n) => refused.push(n));
    res.write("<html><script>alert(document.cookie)</script>");
    const head = sent[0]!;
    const policy = head.event === "head" ? head.policy : "";
    expect(policy).not.toContain(sha("alert(document.cookie)"));
    expect(refused).toEqual([1]);
  });

  it("leaves every other answer alone", () => {
    const { res, sent } = recordingResponse();
    applyPagePolicy(res, { ...options, nonce: "bm9uY2U=" }, () => {});
    res.writeHead(200, { "content-type": "application/json" });
    expect(sent).toEqual([{ event: "head", status: 200, policy: undefined }]);
    res.end("{}");
    expect(sent.at(-1)).toEqual({ event: "body", text: "{}" });
  });

  it("says upgrade-insecure-requests over https, and allows eval only in development", () => {
    expect(contentSecurityPolicy([], { dev: false, https: true })).toContain("upgrade-insecure-requests");
    expect(contentSecurityPolicy([], options)).not.toContain("upgrade-insecure-requests");
    expect(scriptSrc(contentSecurityPolicy([], { dev: true, https: false }))).toContain("'unsafe-eval'");
    expect(scriptSrc(contentSecurityPolicy([], options))).not.toContain("'unsafe-eval'");
  });
});

describe("a prerendered page's policy", () => {
  /** A visit to `page`, answered whole with this ETag and body: the policy it was sent with. */
  function visit(page: string, etag: string, body: string, https = false) {
    const { res, sent } = recordingResponse();
    res.setHeader("content-type", "text/html");
    res.setHeader("etag", etag);
    applyPagePolicy(res, { dev: false, https, nonce: assignNonce(request(page)), page }, () => {});
    res.end(body);
    const head = sent[0]!;
    return head.event === "head" ? head.policy : undefined;
  }

  it("is worked out once per page and build, then the same header on every visit", () => {
    const before = pagePolicy.pageReadings;
    const body = `<html><script>${PAYLOAD}</script></html>`;
    const first = visit("/es/terms-condition", '"once-1"', body);
    for (let i = 0; i < 5; i++) expect(visit("/es/terms-condition", '"once-1"', body)).toBe(first);
    expect(scriptSrc(first)).toContain(sha(PAYLOAD));
    expect(pagePolicy.pageReadings - before).toBe(1);
    // Over https the policy differs (upgrade-insecure-requests), still without hashing again.
    expect(visit("/es/terms-condition", '"once-1"', body, true)).toContain("upgrade-insecure-requests");
    expect(pagePolicy.pageReadings - before).toBe(1);
  });

  it("is worked out again for another page, or the same page rebuilt (a new ETag)", () => {
    const before = pagePolicy.pageReadings;
    const other = 'self.__next_f.push([1,"1:{}"])';
    visit("/privacy-policy", '"twice-1"', `<html><script>${PAYLOAD}</script></html>`);
    const otherPage = visit("/terms-condition", '"twice-1"', `<html><script>${other}</script></html>`);
    const rebuilt = visit("/privacy-policy", '"twice-2"', `<html><script>${other}</script></html>`);
    expect(pagePolicy.pageReadings - before).toBe(3);
    expect(scriptSrc(otherPage)).toContain(sha(other));
    expect(scriptSrc(rebuilt)).toContain(sha(other));
    expect(scriptSrc(rebuilt)).not.toContain(sha(PAYLOAD));
  });

  it("is not remembered for a page without an ETag (rendered per request)", () => {
    const before = pagePolicy.pageReadings;
    for (let i = 0; i < 2; i++) {
      const { res } = recordingResponse();
      res.setHeader("content-type", "text/html");
      applyPagePolicy(res, { ...options, nonce: "bm9uY2U=", page: "/dashboard/main" }, () => {});
      res.end(`<html><script>${PAYLOAD}</script></html>`);
    }
    expect(pagePolicy.pageReadings - before).toBe(2);
  });
});
