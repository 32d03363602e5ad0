import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export type Received = { headers: IncomingHttpHeaders; body: string; path: string };

/**
 * A webhook receiver on 127.0.0.1: records every request and answers `status` (200 unless the
 * test says otherwise), as a customer's endpoint would.
 */
export async function startReceiver() {
  const received: Received[] = [];
  let status = 200;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), path: req.url ?? "" });
      res.writeHead(status, { "content-type": "text/plain" }).end(status < 300 ? "ok" : "x".repeat(5000));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = "/hook") => `http://127.0.0.1:${port}${path}`,
    received,
    answer(code: number) {
      status = code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
