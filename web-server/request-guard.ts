import type { IncomingMessage, ServerResponse } from "node:http";
import { clientAddress } from "./client-ip";

/**
 * The one header the BFF believes for the client's address. This server sets it on every request
 * (after deleting whatever the client sent under that name); behind plain `next start` it is
 * absent and the BFF forwards no address at all.
 */
export const CLIENT_IP_HEADER = "x-loyalty-client-ip";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const FORWARDED = ["x-forwarded-for", "x-forwarded-proto", "x-forwarded-host", "x-forwarded-port"];

function refuse(req: IncomingMessage, res: ServerResponse, status: number, message: string) {
  const api = req.url?.startsWith("/api/") ?? false;
  const body = api ? JSON.stringify({ status: false, message, data: null }) : `${message}\n`;
  res.writeHead(status, {
    "content-type": api ? "application/json" : "text/plain; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    ...(status === 405 && { allow: [...METHODS].join(", ") }),
  });
  res.end(req.method === "HEAD" ? undefined : body);
}

/** True when every %-escape of the path decodes (Next answers 500 to `/%ZZ` otherwise). */
function decodable(url: string): boolean {
  const path = url.split("?", 1)[0]!;
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs before Next.js sees a request: refuses what Next would answer with a 5xx (odd methods,
 * undecodable paths), and decides the client's address and scheme (nginx does the same where it
 * runs, but one machine has no nginx, and the BFF needs the address either way). Answers null when it has
 * answered the request itself; otherwise whether the client came over https.
 */
export function guardRequest(
  req: IncomingMessage,
  res: ServerResponse,
  isTrustedProxy: (address: string) => boolean,
): { https: boolean } | null {
  if (!METHODS.has(req.method ?? "")) {
    refuse(req, res, 405, "Method not allowed.");
    return null;
  }
  if (!req.url?.startsWith("/") || !decodable(req.url)) {
    refuse(req, res, 400, "Bad request.");
    return null;
  }
  const peer = req.socket.remoteAddress;
  req.headers[CLIENT_IP_HEADER] = clientAddress(peer, req.headers["x-forwarded-for"], isTrustedProxy);
  // A client speaking to us directly does not get to say which scheme or host it used: Next.js
  // fills these in from the socket when they are absent (`isHttps` and the CSRF check read them).
  if (!isTrustedProxy(peer ?? "")) for (const name of FORWARDED) delete req.headers[name];
  // HSTS over https is a header of next.config.mjs, on the same forwarded scheme.
  return { https: cameOverHttps(req, () => true) };
}

/**
 * Whether the client came over https: a TLS socket, or the scheme a trusted proxy forwarded (what
 * guardRequest leaves of the headers; the kept answers of static pages ask before the guard runs).
 */
export function cameOverHttps(req: IncomingMessage, isTrustedProxy: (address: string) => boolean): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted === true) return true;
  const forwarded = req.headers["x-forwarded-proto"];
  if (forwarded === undefined || !isTrustedProxy(req.socket.remoteAddress ?? "")) return false;
  return String(forwarded).split(",")[0]?.trim() === "https";
}
