// `npm run bench` (loyalty part): the staff scanner's throughput and p99 through the BFF and
// directly on the API server (autocannon, 10 s, 50 connections), on the embedded database, or on
// PostgreSQL when DATABASE_URL is set (`npm run bench:pg` starts a throwaway server for it).
// /add-to-wallet's first-load JavaScript and Lighthouse score are in bench/web.mts.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import {
  benchFailed,
  cpuSnapshot,
  scannerFixtures,
  bffCookie,
  ensureBuilt,
  startProduct,
  stopBench,
} from "./servers.mjs";

async function load(
  url: string,
  headers: Record<string, string>,
  serials: string[],
  connections: number,
  duration: number,
) {
  let next = 0;
  const before = cpuSnapshot();
  const result = await autocannon({
    url,
    method: "POST",
    connections,
    duration,
    headers,
    requests: [
      {
        setupRequest: (request) => ({ ...request, body: JSON.stringify({ code: serials[next++ % serials.length] }) }),
      },
    ],
  });
  const errors = result.non2xx + result.errors + result.timeouts;
  const after = cpuSnapshot();
  // Where the machine's CPU went, per request: which process a faster path would have to relieve.
  const cpuPerRequest = Object.entries(after)
    .map(([role, ms]) => `${role} ${((ms - (before[role] ?? 0)) / Math.max(1, result.requests.total)).toFixed(2)}`)
    .join(", ");
  return { rps: result.requests.average, p99: result.latency.p99, p50: result.latency.p50, errors, cpuPerRequest };
}

async function main() {
  const kind = process.env.DATABASE_URL ? "PostgreSQL" : "embedded PostgreSQL";
  await ensureBuilt();
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-loyalty-"));
  let failed = 0;
  try {
    const { api, web } = await startProduct(dataDir, {
      SEED_DEMO_USER: "true",
      RATE_LIMIT_FACTOR: "1000",
      SESSION_SECRET: "bench-session-secret-0123456789-abcdefghijkl",
    });
    const f = await scannerFixtures(api);
    const cookie = await bffCookie(web);
    // The same scans straight to the API server and through the BFF.
    const both = async (connections: number, seconds: number) => ({
      direct: await load(
        `${api}/qr-code-scanner`,
        { "content-type": "application/json", authorization: `Bearer ${f.token}` },
        f.serials,
        connections,
        seconds,
      ),
      bff: await load(
        `${web}/api/qr-code-scanner`,
        { "content-type": "application/json", origin: web, cookie },
        f.serials,
        connections,
        seconds,
      ),
    });
    const { direct, bff } = await both(50, 10);
    // One staff member at the counter, nothing queued: what the BFF adds to a single scan's time.
    const one = await both(1, 5);
    const ratio = direct.p99 > 0 ? bff.p99 / direct.p99 : 0;
    const rpsRatio = bff.rps > 0 ? direct.rps / bff.rps : 0;
    const report = (name: string, r: typeof direct, target?: number) => {
      const ok = r.errors === 0 && (target === undefined || r.p99 <= target);
      if (!ok) failed++;
      console.log(
        `${ok ? "ok  " : "FAIL"} ${name.padEnd(52)} ${r.rps.toFixed(0)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  errors ${r.errors}` +
          (target === undefined ? "" : `  (target p99 ≤ ${target} ms)`),
      );
      if (r.cpuPerRequest) console.log(`     CPU ms per request: ${r.cpuPerRequest}`);
    };
    console.log(`\nStaff stamps (qr-code-scanner, autocannon 10 s, 50 connections, ${kind})`);
    report(`API server directly`, direct);
    report(`through the BFF`, bff);
    // Latency and throughput vary by ±40 % here: for the record. The BFF's cost is a target in CPU
    // time per request against a floor of the same run (bench/cpu.mts).
    console.log(
      `     ${"BFF overhead (p99 BFF / p99 direct)".padEnd(52)} ${ratio.toFixed(2)}×  (throughput ${rpsRatio.toFixed(2)}×; for the record)`,
    );
    console.log(`\nStaff stamps, one connection (autocannon 5 s, ${kind}; for the record, no target)`);
    report(`API server directly`, one.direct);
    report(`through the BFF`, one.bff);
  } finally {
    await stopBench(dataDir);
  }
  process.exit(failed > 0 ? 1 : 0);
}

main().catch(benchFailed);
