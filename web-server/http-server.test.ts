import { Agent, request } from "node:http";
import type { AddressInfo } from "node:net";
import { createWebServer } from "./http-server";

/** One GET on `agent`'s kept-alive connection; resolves with the socket it used. */
function get(port: number, agent: Agent) {
  return new Promise<{ status: number; socket: unknown }>((resolve, reject) => {
    const req = request({ port, agent, path: "/" }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, socket: req.socket }));
    });
    req.on("error", reject);
    req.end();
  });
}

test("an idle kept-alive connection outlives a proxy's 60 s idle time, so a client never sends on a closing one", async () => {
  const server = createWebServer((_req, res) => res.end("ok"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    expect(server.keepAliveTimeout).toBeGreaterThan(60_000);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
    // The connection is kept between requests: the second goes on the first one's socket.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const port = (server.address() as AddressInfo).port;
    const first = await get(port, agent);
    const second = await get(port, agent);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.socket).toBe(first.socket);
    agent.destroy();
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
