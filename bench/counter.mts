// Counter screens: SCREENS screens connected through the BFF (server-sent events),
// a customer's stamp (a join through the QR code) timed until it reaches every screen (target p99
// ≤ 500 ms), and the web server's memory per connected screen (target ≤ 1 MB).
//   npx tsx bench/counter.mts            (BENCH_API_PORT / BENCH_WEB_PORT choose the ports)
import fs from "node:fs";
import http from "node:http";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { waitForUrl } from "../scripts/lib/run.mjs";
import {
  apiCall,
  benchFailed,
  bffCookie,
  demoProgramme,
  ensureBuilt,
  freePort,
  startNode,
  stopBench,
} from "./servers.mjs";

const SCREENS = Number(process.env.SCREENS ?? 200);
const STAMPS = Number(process.env.STAMPS ?? 40);
/** The API holds a session to 5 open streams (STREAMS_PER_HOLDER, counter-streams.ts): screens sign in in groups. */
const STREAMS_PER_SESSION = 5;

/** Resident memory of a process (kB, from /proc). */
function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** One counter screen: an event stream through the BFF; `onStamp` gets each stamp's arrival time. */
function screen(url: string, cookie: string, onStamp: (at: string, arrived: number) => void) {
  return new Promise<http.ClientRequest>((resolve, reject) => {
    const req = http.get(url, { headers: { cookie, accept: "text/event-stream" }, agent: false }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`screen: ${res.statusCode}`));
      res.setEncoding("utf8");
      let buffer = "";
      res.on("data", (chunk: string) => {
        buffer += chunk;
        if (buffer.includes(": connected")) resolve(req);
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(event)?.[1];
          if (event.includes("event: stamp") && data)
            onStamp((JSON.parse(data) as { at: string }).at, performance.now());
        }
      });
    });
    req.on("error", reject);
  });
}

const p = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;

async function main() {
  await ensureBuilt();
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-counter-"));
  let failed = 0;
  try {
    const apiPort = Number(process.env.BENCH_API_PORT ?? (await freePort()));
    const webPort = Number(process.env.BENCH_WEB_PORT ?? (await freePort()));
    const api = `http://127.0.0.1:${apiPort}/api`;
    const web = `http://127.0.0.1:${webPort}`;
    const env = {
      SEED_DEMO_USER: "true",
      RATE_LIMIT_FACTOR: "1000",
      SESSION_SECRET: "bench-session-secret-0123456789-abcdefghijkl",
    };
    startNode("server/dist/main.cjs", { ...env, API_PORT: String(apiPort), DATA_DIR: dataDir });
    await waitForUrl(`${api}/health`, 60_000);
    const webServer = startNode("dist/web-server.cjs", {
      ...env,
      PORT: String(webPort),
      HOSTNAME: "127.0.0.1",
      BACKEND_API_URL: api,
      PUBLIC_APP_URL: web,
      DATA_DIR: dataDir,
    });
    await waitForUrl(`${web}/login`, 60_000);

    const { token, qrToken } = await demoProgramme(api, 50);
    const qrs = await apiCall<{ items: { id: number; qr_token: string }[] }>("GET", `${api}/list-qrcode`, token);
    const qrId = qrs.items.find((q) => q.qr_token === qrToken)!.id;
    const cookies: string[] = [];
    for (let i = 0; i < Math.ceil(SCREENS / STREAMS_PER_SESSION); i++) cookies.push(await bffCookie(web));
    // A warm-up screen and stamp, so the memory baseline holds the loaded code paths.
    const warm = await screen(`${web}/api/counter-events?qr_id=${qrId}`, await bffCookie(web), () => {});
    const join = (i: number) =>
      apiCall("POST", `${api}/wallet-join`, null, {
        qr_token: qrToken,
        name: "Bench Customer",
        email: `counter-${i}-${Date.now()}@example.com`,
        consent: true,
      });
    await join(-1);
    warm.destroy();
    await new Promise((r) => setTimeout(r, 1000));
    global.gc?.();
    const before = rssKb(webServer.pid!);

    const sent = new Map<number, number>();
    const arrivals: { stamp: number; arrived: number }[] = [];
    const screens: http.ClientRequest[] = [];
    let current = -1;
    for (let i = 0; i < SCREENS; i++) {
      screens.push(
        await screen(
          `${web}/api/counter-events?qr_id=${qrId}`,
          cookies[Math.floor(i / STREAMS_PER_SESSION)]!,
          (_at, arrived) => arrivals.push({ stamp: current, arrived }),
        ),
      );
    }
    await new Promise((r) => setTimeout(r, 2000));
    const after = rssKb(webServer.pid!);

    for (let i = 0; i < STAMPS; i++) {
      current = i;
      sent.set(i, performance.now());
      await join(i);
      // Until every screen has this stamp (or 5 s): the next one starts from a quiet system.
      const deadline = Date.now() + 5000;
      while (arrivals.filter((a) => a.stamp === i).length < SCREENS && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 5));
      }
    }
    const latencies = arrivals.map((a) => a.arrived - sent.get(a.stamp)!).sort((a, b) => a - b);
    const missing = SCREENS * STAMPS - latencies.length;
    const p99 = p(latencies, 0.99);
    const perScreenKb = (after - before) / SCREENS;
    for (const s of screens) s.destroy();

    const okLatency = missing === 0 && p99 <= 500;
    const okMemory = perScreenKb <= 1024;
    if (!okLatency) failed++;
    if (!okMemory) failed++;
    console.log(
      `\nCounter screens (${SCREENS} through the BFF, ${STAMPS} stamps, ${process.env.DATABASE_URL ? "PostgreSQL" : "embedded PostgreSQL"})`,
    );
    console.log(
      `${okLatency ? "ok  " : "FAIL"} ${"stamp → every screen".padEnd(40)} p50 ${p(latencies, 0.5).toFixed(0)} ms  p99 ${p99.toFixed(0)} ms  max ${latencies.at(-1)?.toFixed(0)} ms  missing ${missing}  (target p99 ≤ 500 ms)`,
    );
    console.log(
      `${okMemory ? "ok  " : "FAIL"} ${"web server memory per screen".padEnd(40)} ${perScreenKb.toFixed(0)} kB  (RSS ${Math.round(before / 1024)} → ${Math.round(after / 1024)} MB; target ≤ 1024 kB)`,
    );
  } finally {
    await stopBench(dataDir);
  }
  process.exit(failed > 0 ? 1 : 0);
}

main().catch(benchFailed);
