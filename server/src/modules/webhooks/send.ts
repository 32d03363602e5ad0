import http from "node:http";
import https from "node:https";
import { resolveTarget } from "../../services/ssrf";

/** How long one attempt may take, connection to last byte. */
export const SEND_TIMEOUT_MS = 10_000;
/** How much of an answer's body the delivery log keeps. */
const EXCERPT_BYTES = 200;

export type SendResult = { statusCode: number | null; durationMs: number; error: string | null };

/**
 * POSTs one delivery. The host is resolved and checked by the SSRF guard, and the request
 * connects to that checked address (TLS still verifies the URL's own name). Redirects are not
 * followed: a 3xx is a failed attempt, so no redirect can lead the request to another address.
 * Never throws: a refused address, a timeout or a network error is an attempt with no answer.
 */
export async function sendWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  allowLoopback: boolean,
): Promise<SendResult> {
  const started = performance.now();
  const done = (statusCode: number | null, error: string | null): SendResult => ({
    statusCode,
    durationMs: Math.round(performance.now() - started),
    error: error && error.slice(0, EXCERPT_BYTES),
  });
  let target;
  const parsed = new URL(url);
  try {
    target = await resolveTarget(parsed.hostname, allowLoopback);
  } catch (error) {
    return done(null, (error as Error).message);
  }
  const client = parsed.protocol === "https:" ? https : http;
  return new Promise<SendResult>((resolve) => {
    const request = client.request(
      {
        method: "POST",
        host: target.address,
        family: target.family,
        port: parsed.port || (parsed.protocol === "https:" ? 443 : 80),
        path: `${parsed.pathname}${parsed.search}`,
        servername: parsed.hostname.replace(/^\[|\]$/g, ""),
        headers: {
          ...headers,
          host: parsed.host,
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(body)),
          "user-agent": "LoyaltyCards-Webhooks/1",
        },
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          // Only an excerpt is kept: the rest of a large answer is read and dropped.
          if (size < EXCERPT_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        response.on("end", () => {
          const code = response.statusCode ?? null;
          const ok = code !== null && code >= 200 && code < 300;
          const excerpt = Buffer.concat(chunks).toString("utf8").slice(0, EXCERPT_BYTES);
          resolve(done(code, ok ? null : `HTTP ${code}${excerpt ? `: ${excerpt}` : ""}`));
        });
        response.on("error", (error) => resolve(done(response.statusCode ?? null, error.message)));
      },
    );
    request.on("error", (error) =>
      resolve(done(null, error.name === "TimeoutError" || error.name === "AbortError" ? "Timed out." : error.message)),
    );
    request.end(body);
  });
}
