import { createServer, type RequestListener, type Server } from "node:http";

/**
 * How long an idle keep-alive connection stays open: longer than the idle time of whatever keeps
 * connections to this server (nginx's upstream keepalive and load balancers idle out at 60 s,
 * HTTP clients at a few seconds), so a client never sends a request on a connection the server is
 * closing at that moment (which it sees as ECONNRESET, a proxy as a 502). Node's default is 5 s;
 * the API server (Fastify) keeps 72 s.
 */
export const KEEP_ALIVE_MS = 72_000;

/** The web app's HTTP server: the request handler, with the connection timeouts above. */
export function createWebServer(handler: RequestListener): Server {
  const server = createServer(handler);
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // A request's headers must arrive within this; above the keep-alive time, as Node requires.
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  return server;
}
