import http from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";

/** Listens on a free port (a stream cannot be held through `inject`) and answers the API's base URL. */
export async function listenBase(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
}

export type CounterStream = {
  status: number;
  type: string;
  /** The `stamp` events received so far. */
  events: unknown[];
  /** True once the server ended the answer. */
  ended: () => boolean;
  close: () => void;
  text: () => string;
};

/** Opens counter-events as a session (`token`) or a tablet (`device`); `events` fills as stamps arrive. */
export function openStream(
  base: string,
  qrId: number,
  as: { token?: string; device?: string; language?: string } = {},
) {
  return new Promise<CounterStream>((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (as.token) headers.authorization = `Bearer ${as.token}`;
    if (as.device) headers["x-counter-device"] = as.device;
    if (as.language) headers["accept-language"] = as.language;
    const req = http.get(`${base}/counter-events?qr_id=${qrId}`, { headers }, (res) => {
      const events: unknown[] = [];
      let raw = "";
      let ended = false;
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        raw += chunk;
        for (const match of chunk.matchAll(/event: stamp\ndata: (.*)\n\n/g)) events.push(JSON.parse(match[1]!));
      });
      res.on("end", () => (ended = true));
      res.on("error", () => {});
      resolve({
        status: res.statusCode ?? 0,
        type: String(res.headers["content-type"]),
        events,
        ended: () => ended,
        close: () => req.destroy(),
        text: () => raw,
      });
    });
    req.on("error", reject);
  });
}

/** Waits until `check` holds (polling every 20 ms), or fails after `ms`. */
export async function until(check: () => boolean | Promise<boolean>, ms = 5000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
