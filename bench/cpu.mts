// `npm run bench` (CPU part): what one request costs in CPU time, against floors measured in the same
// run on the same machine. Requests per second vary by ±40 % here from run to run (other work shares
// the cores); the CPU time a server spends per request varies far less, and a floor taken in the
// same run cancels what the machine's state adds to both. Targets:
// - a staff stamp through the BFF costs ≤ 1.5× (the API's stamp directly + a no-op route handler of
//   the same Next.js setup behind the same web server: what any proxied call costs at least);
// - `GET /` costs ≤ 1.5× the empty baseline page (bench/baseline), both as browsers ask (compressed);
// - a staff stamp costs the API server ≤ 2 ms of CPU;
// - a page with a slow Suspense hole (bench/baseline/app/slow) sends its first byte before the hole.
// Each figure is the median of BENCH_CPU_ROUNDS rounds (default 3), with its spread (min–max);
// throughput and latency are printed for the record, not as targets.
import fs from "node:fs";
import http from "node:http";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { isStale } from "../scripts/lib/build-state.mjs";
import { run, waitForUrl } from "../scripts/lib/run.mjs";
import {
  benchFailed,
  cpuSnapshot,
  scannerFixtures,
  bffCookie,
  ensureBuilt,
  freePort,
  startNode,
  startProduct,
  stopBench,
} from "./servers.mjs";
import { BROWSER_ENCODINGS } from "./web-measure.mjs";

const ROUNDS = Number(process.env.BENCH_CPU_ROUNDS || 3);
/** Requests per measurement: at 10 ms per clock tick of /proc, enough for a figure to ±1 %. */
const REQUESTS = Number(process.env.BENCH_CPU_REQUESTS || 3000);
const CONNECTIONS = 10;
const BASELINE_DIR = "bench/baseline";
const BASELINE_SOURCES = [BASELINE_DIR, "next.config.mjs", "app/styles", "package-lock.json"];

/** Time to the first byte of `url`, in ms (the page's shell, when the server streams it). */
function firstByteMs(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    http
      .get(url, { headers: BROWSER_ENCODINGS }, (response) => {
        response.once("data", () => resolve(performance.now() - start));
        response.resume();
      })
      .on("error", reject);
  });
}

type Measured = { cpu: Record<string, number>; rps: number; p50: number; p99: number; failed: number };

/** `REQUESTS` requests (after a short warm-up), and the CPU ms each process spent per request. */
async function measure(options: autocannon.Options, warmUp = true): Promise<Measured> {
  if (warmUp) await autocannon({ ...options, amount: Math.ceil(REQUESTS / 10), connections: CONNECTIONS });
  const before = cpuSnapshot();
  const result = await autocannon({ ...options, amount: REQUESTS, connections: CONNECTIONS });
  const after = cpuSnapshot();
  const cpu: Record<string, number> = {};
  for (const [role, ms] of Object.entries(after)) cpu[role] = (ms - (before[role] ?? 0)) / result.requests.total;
  return {
    cpu,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const spread = (values: number[], digits = 2) =>
  `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;

async function main() {
  await ensureBuilt();
  const baselineBuilt = path.join(BASELINE_DIR, ".next/BUILD_ID");
  if (!fs.existsSync(baselineBuilt) || isStale({ output: baselineBuilt, sources: BASELINE_SOURCES })) {
    console.log("[bench] building the baseline page…");
    await run("npx", ["next", "build", BASELINE_DIR], { env: { ...process.env, NODE_ENV: "production" } });
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-cpu-"));
  let failed = 0;
  try {
    const { api, web } = await startProduct(dataDir, {
      SEED_DEMO_USER: "true",
      RATE_LIMIT_FACTOR: "1000",
      SESSION_SECRET: "bench-session-secret-0123456789-abcdefghijkl",
    });
    const base = `http://127.0.0.1:${await freePort()}`;
    startNode(
      "dist/web-server.cjs",
      { PORT: new URL(base).port, HOSTNAME: "127.0.0.1", WEB_APP_DIR: BASELINE_DIR },
      "baseline web server",
    );
    await waitForUrl(`${base}/`, 60_000);
    // The build prerenders the home page without the API (lib/server/site-data.ts): let it rebuild.
    for (let i = 0; i < 40 && (await (await fetch(`${web}/`)).text()).includes("could not be loaded"); i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }

    const { token, serials } = await scannerFixtures(api);
    const cookie = await bffCookie(web);
    let next = 0;
    const stamp = (url: string, headers: Record<string, string>): autocannon.Options => ({
      url,
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      requests: [
        {
          setupRequest: (request) => ({ ...request, body: JSON.stringify({ code: serials[next++ % serials.length] }) }),
        },
      ],
    });

    const rows: Record<string, Measured[]> = { direct: [], bff: [], noop: [], home: [], baseHome: [] };
    for (let round = 0; round < ROUNDS; round++) {
      rows.direct!.push(await measure(stamp(`${api}/qr-code-scanner`, { authorization: `Bearer ${token}` })));
      rows.bff!.push(await measure(stamp(`${web}/api/qr-code-scanner`, { origin: web, cookie })));
      rows.noop!.push(await measure({ url: `${base}/noop`, method: "POST", headers: { origin: base }, body: "{}" }));
      rows.home!.push(await measure({ url: `${web}/`, headers: BROWSER_ENCODINGS }));
      rows.baseHome!.push(await measure({ url: `${base}/`, headers: BROWSER_ENCODINGS }));
    }
    const cpuOf = (name: string, ...roles: string[]) =>
      rows[name]!.map((m) => roles.reduce((sum, role) => sum + (m.cpu[role] ?? 0), 0));

    const check = (ok: boolean, line: string) => {
      if (!ok) failed++;
      console.log(`${ok ? "ok  " : "FAIL"} ${line}`);
    };
    console.log(
      `\nCPU ms per request (${REQUESTS} requests × ${ROUNDS} rounds, ${CONNECTIONS} connections; median (min–max) over rounds)`,
    );
    const apiStamp = cpuOf("direct", "API server");
    const bffStamp = cpuOf("bff", "web server", "API server");
    const noop = cpuOf("noop", "baseline web server");
    const bffRatios = bffStamp.map((cost, i) => cost / (apiStamp[i]! + noop[i]!));
    console.log(`     staff stamp, API server directly: API      ${spread(apiStamp)}`);
    console.log(`     no-op route handler (baseline): web        ${spread(noop)}`);
    console.log(
      `     staff stamp through the BFF: web ${spread(cpuOf("bff", "web server"))} + API ${spread(cpuOf("bff", "API server"))}`,
    );
    check(median(apiStamp) <= 2, `${"staff stamp's API CPU".padEnd(44)} ${spread(apiStamp)} ms (target ≤ 2 ms)`);
    check(
      median(bffRatios) <= 1.5,
      `${"BFF stamp / (direct stamp + no-op handler)".padEnd(44)} ${spread(bffRatios)}× (target ≤ 1.5×)`,
    );
    const home = cpuOf("home", "web server");
    const baseHome = cpuOf("baseHome", "baseline web server");
    const homeRatios = home.map((cost, i) => cost / baseHome[i]!);
    console.log(`     GET / (compressed): web ${spread(home)}, baseline empty page ${spread(baseHome)}`);
    check(median(homeRatios) <= 1.5, `${"GET / / baseline page".padEnd(44)} ${spread(homeRatios)}× (target ≤ 1.5×)`);

    // Streaming: a page whose Suspense hole takes a second sends its shell first.
    const firstBytes: number[] = [];
    for (let i = 0; i < 10; i++) firstBytes.push(await firstByteMs(`${base}/slow`));
    check(
      median(firstBytes) < 500,
      `${"first byte of a page with a 1-s Suspense hole".padEnd(44)} ${spread(firstBytes, 0)} ms over 10 visits ` +
        "(target < 500 ms: the shell does not wait for the hole)",
    );

    console.log("\nThroughput and latency, for the record (no targets: ±40 % from run to run here)");
    for (const [name, label] of [
      ["direct", "staff stamp, API directly"],
      ["bff", "staff stamp through the BFF"],
      ["noop", "no-op route handler (baseline)"],
      ["home", "GET /"],
      ["baseHome", "GET / of the baseline page"],
    ] as const) {
      const measured = rows[name]!;
      const failures = measured.reduce((sum, m) => sum + m.failed, 0);
      if (failures > 0) failed++;
      console.log(
        `     ${label.padEnd(40)} ${spread(
          measured.map((m) => m.rps),
          0,
        )} req/s  p50 ${spread(
          measured.map((m) => m.p50),
          0,
        )} ms  p99 ${spread(
          measured.map((m) => m.p99),
          0,
        )} ms${failures ? `  FAILED ${failures}` : ""}`,
      );
    }
  } finally {
    await stopBench(dataDir);
  }
  process.exit(failed > 0 ? 1 : 0);
}

main().catch(benchFailed);
