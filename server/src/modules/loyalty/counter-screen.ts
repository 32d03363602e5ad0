import { PassThrough } from "node:stream";
import type { FastifyInstance } from "fastify";
import { calls } from "../../../../lib/contract/calls";
import { route } from "../../http/route";
import { counterScreenQr } from "./counter-access";

/** A comment line now and then: proxies keep the stream open, and a dead screen is noticed. */
export const HEARTBEAT_MS = 15_000;

/**
 * counter-events: each stamp made through the QR code, as a server-sent event `stamp`, for its
 * counter screens (owner or staff of its owner, or the tablet signed in to it). Fed by the counter
 * feed (LISTEN/NOTIFY), so a stamp on any API instance reaches screens on every other.
 */
export function counterScreenRoutes(app: FastifyInstance) {
  const open = new Set<PassThrough>();
  // Open streams would hold the server's shutdown: they end first (the screens reconnect).
  app.addHook("preClose", async () => {
    for (const stream of open) stream.end();
  });

  route(app, calls.counterEvents, async ({ user, query, request, reply }) => {
    const qr = await counterScreenQr(app, user, request, query.qr_id);
    const stream = new PassThrough();
    open.add(stream);
    // The browser's EventSource waits this long before reconnecting after a drop.
    stream.write(`retry: 2000\n: connected\n\n`);
    const unsubscribe = await app.counterFeed.subscribe(qr.id, (stamp) => {
      stream.write(`event: stamp\ndata: ${JSON.stringify(stamp)}\n\n`);
    });
    const heartbeat = setInterval(() => stream.write(`: ping\n\n`), HEARTBEAT_MS);
    heartbeat.unref();
    const stop = () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(stream);
      stream.end();
    };
    // The response's close: the screen went away (the request's own fires once it is read).
    reply.raw.once("close", stop);
    stream.once("close", stop);
    return { message: "Counter events.", stream };
  });
}
