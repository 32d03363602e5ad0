// `npm run bench:embedded`: the staff stamp exactly as the scanner sends it, on the product as
// `npm start` runs it: the built API server started with `npm start`'s command and environment
// (scripts/lib/api-server-command.mjs, scripts/lib/start-env.mjs: info log level, its output read
// through a pipe as a terminal reads it, no raised rate limits) on a fresh $DATA_DIR with the
// embedded PostgreSQL and the demo content. The demo owner signs in through the API's own sign-in
// (demo@example.com), takes 50 of their own cards (the Demo Café's, with their 60 days of history)
// and sends `POST qr-code-scanner {code: serial}` with the bearer token, as the dashboard's scanner:
// - open loop: 50 stamps a second arriving for BENCH_EMBEDDED_SECONDS (30) s from 50 clients, each
//   on its own kept-alive connection (p50, p99 from each stamp's scheduled time, time-outs), beside
//   a floor in the same run: `GET /health` at the same rate from the same clients;
// - one at a time: 500 stamps, each sent when the last is answered (median, p99);
// - closed loop: 50 connections, each stamping as soon as its last stamp is answered, 15 s (stamps/s);
// - burst: autocannon's `overallRate` (50 connections firing in the same millisecond every second),
//   what a load tool's "50 requests/s from 50 connections" sends unless told otherwise.
// Each phase prints the scan rows it added (counted in the database): a timed write must write.
// Staff stamps have no cooldown (the reward's cooldown limits a customer's self-scans), so every
// stamp on the demo cards is accepted: a stamp, or a redeem when the card's reward is ready.
// Also: first start (time to /health, peak RSS of every process), CPU per stamp (/proc).
// Linux only (/proc).
//   BENCH_EMBEDDED_SECONDS=30, BENCH_EMBEDDED_KINDS=postgres,url, BENCH_LOG_LEVEL (default: npm start's),
//   BENCH_CPU_PROF=DIR (the API server's CPU profile, written there when it stops),
//   BENCH_API_SCRIPT (default server/dist/main.cjs)
// With DATABASE_URL (`scripts/with-postgres.sh npm run bench:embedded`) a second column measures the
// same on that PostgreSQL server (Debian's, outside the API server: its CPU is not counted).
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { API_NODE_FLAGS, API_SERVER_SCRIPT } from "../scripts/lib/api-server-command.mjs";
import { waitForUrl } from "../scripts/lib/run.mjs";
import { startEnv } from "../scripts/lib/start-env.mjs";
import { embeddedUrl } from "../server/src/db/embedded-postgres";
import { DEMO_CAFE } from "../server/src/seed/demo-cafe";
import { apiCall, DEMO, freePort } from "./servers.mjs";

const SECONDS = Number(process.env.BENCH_EMBEDDED_SECONDS || 30);
const EXTERNAL = process.env.DATABASE_URL;
const KINDS = (process.env.BENCH_EMBEDDED_KINDS || `postgres${EXTERNAL ? ",url" : ""}`).split(",");
const CLIENTS = 50;
const CARDS = 50;
const RATE = 50;
const PAGE = 4096;
const ONE_AT_A_TIME = 500;
// Another build of the API server (a copy of an earlier server/dist/main.cjs beside it), to time a
// change against the code before it in the same session.
const SCRIPT = process.env.BENCH_API_SCRIPT || API_SERVER_SCRIPT;

type Proc = { pid: number; ppid: number; comm: string; rssMb: number; cpuMs: number; systemMs: number };

/** Every process on the machine (pid, parent, command, RSS, CPU time including reaped children's). */
function processes(): Proc[] {
  const list: Proc[] = [];
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, "utf8");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const [utime, stime, cutime, cstime] = f.slice(11, 15).map(Number);
      list.push({
        pid: Number(name),
        ppid: Number(f[1]),
        comm,
        rssMb: (Number(f[21]) * PAGE) / 2 ** 20,
        cpuMs: (utime! + stime! + cutime! + cstime!) * 10,
        systemMs: (stime! + cstime!) * 10,
      });
    } catch {
      // gone meanwhile
    }
  }
  return list;
}

/** The processes of the API server `root`: itself, its children (initdb, postgres). */
function tree(root: number): { api?: Proc; others: Proc[] } {
  const all = processes();
  const inTree = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of all)
      if (!inTree.has(p.pid) && inTree.has(p.ppid)) {
        inTree.add(p.pid);
        grew = true;
      }
  }
  return { api: all.find((p) => p.pid === root), others: all.filter((p) => p.pid !== root && inTree.has(p.pid)) };
}

type Peaks = { api: number; child: number; pgSum: number; pgMax: number };

/** Samples the tree's RSS every 25 ms until stopped: the peaks of each role. */
function sampleMemory(root: number) {
  const peaks: Peaks = { api: 0, child: 0, pgSum: 0, pgMax: 0 };
  const timer = setInterval(() => {
    const { api, others } = tree(root);
    peaks.api = Math.max(peaks.api, api?.rssMb ?? 0);
    const pg = others.filter((p) => p.comm === "postgres" || p.comm.startsWith("postgres"));
    const node = others.filter((p) => !pg.includes(p));
    peaks.child = Math.max(peaks.child, ...node.map((p) => p.rssMb), 0);
    peaks.pgSum = Math.max(
      peaks.pgSum,
      pg.reduce((sum, p) => sum + p.rssMb, 0),
    );
    peaks.pgMax = Math.max(peaks.pgMax, ...pg.map((p) => p.rssMb), 0);
  }, 25);
  return { peaks, stop: () => clearInterval(timer) };
}

/** CPU ms so far of the API process and of the database's processes (postgres under it). */
function cpu(root: number) {
  const { api, others } = tree(root);
  return {
    api: api?.cpuMs ?? 0,
    apiSystem: api?.systemMs ?? 0,
    db: others.filter((p) => p.comm.startsWith("postgres")).reduce((s, p) => s + p.cpuMs, 0),
  };
}

/**
 * Staff stamps arriving at `rate` a second from `clients` clients, one every 1/rate s in turn (so
 * each client stamps once every clients/rate s, the clients staggered): an open loop, each stamp
 * sent at its time whatever the earlier ones are doing, on the client's own kept-alive connection.
 * A latency runs from the stamp's scheduled time to its answer, so a stamp that waits for its
 * client's connection counts its wait (no coordinated omission).
 *
 * autocannon's `overallRate` is not this: each connection gets a 1-s timer of its own, all started
 * together, so its 50 clients fire in the same millisecond every second, a burst of 50 (reported
 * beside this as the burst figure).
 */
async function openLoop(
  url: URL,
  token: string,
  body: ((k: number) => string) | null,
  rate: number,
  clients: number,
  seconds: number,
) {
  const agents = Array.from({ length: clients }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  const latencies: number[] = [];
  let timeouts = 0;
  let errors = 0;
  const statuses = new Map<number, number>();
  /** The first answer that was not 200, to say why. */
  let refusal: string | null = null;
  const total = rate * seconds;
  const start = performance.now() + 100;
  const stamp = (k: number) =>
    new Promise<void>((resolve) => {
      const scheduled = start + (k * 1000) / rate;
      const payload = body?.(k);
      const req = http.request(
        url,
        {
          method: payload === undefined ? "GET" : "POST",
          agent: agents[k % clients],
          headers: {
            authorization: `Bearer ${token}`,
            ...(payload !== undefined && {
              "content-type": "application/json",
              "content-length": Buffer.byteLength(payload),
            }),
          },
          timeout: 10_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => res.statusCode !== 200 && refusal === null && chunks.push(chunk));
          res.on("end", () => {
            if (res.statusCode !== 200 && refusal === null) refusal = Buffer.concat(chunks).toString().slice(0, 300);
            if (res.statusCode === 200) latencies.push(performance.now() - scheduled);
            else {
              errors++;
              statuses.set(res.statusCode ?? 0, (statuses.get(res.statusCode ?? 0) ?? 0) + 1);
            }
            resolve();
          });
        },
      );
      req.on("timeout", () => {
        timeouts++;
        req.destroy();
      });
      req.on("error", () => {
        if (!req.destroyed || timeouts === 0) errors++;
        resolve();
      });
      req.end(payload);
    });
  const pending: Promise<void>[] = [];
  for (let k = 0; k < total; k++) {
    const wait = start + (k * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(stamp(k));
  }
  await Promise.all(pending);
  for (const agent of agents) agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { n: total, ok: latencies.length, p50: at(0.5), p99: at(0.99), timeouts, errors, statuses, refusal };
}

const du = (dir: string) => Number(execFileSync("du", ["-sm", dir], { encoding: "utf8" }).split("\t")[0]);

type Row = Record<string, string>;

/** Scan rows in the database: what each timed phase wrote. */
async function scanCounter(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    count: async () => Number((await client.query<{ n: string }>("select count(*) as n from scans")).rows[0]!.n),
    end: () => client.end(),
  };
}

async function measure(kind: string): Promise<Row> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-embedded-${kind}-`));
  const port = await freePort();
  const { DATABASE_URL: _external, ...inherited } = process.env;
  // `npm start`'s environment and command line (scripts/start.mjs), on a free port and a fresh $DATA_DIR.
  const env = startEnv({
    ...inherited,
    ...(kind === "url" && { DATABASE_URL: EXTERNAL }),
    ...(process.env.BENCH_LOG_LEVEL && { LOG_LEVEL: process.env.BENCH_LOG_LEVEL }),
    DATA_DIR: dataDir,
    API_PORT: String(port),
  }) as NodeJS.ProcessEnv;
  const api = `http://127.0.0.1:${port}/api`;
  const started = performance.now();
  const profile = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, ...API_NODE_FLAGS, SCRIPT], {
    env,
    // `npm start` writes the server's log to its terminal: read here through a pipe, as fast as it comes.
    stdio: ["ignore", "pipe", "inherit"],
    detached: true,
  });
  let logBytes = 0;
  child.stdout!.on("data", (chunk: Buffer) => (logBytes += chunk.length));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const memory = sampleMemory(child.pid!);
  let scans: Awaited<ReturnType<typeof scanCounter>> | undefined;
  try {
    await waitForUrl(`${api}/health`, 120_000, () => child.exitCode === null);
    const startMs = performance.now() - started;
    memory.stop();
    const first = { ...memory.peaks };
    const diskMb = du(dataDir);
    scans = await scanCounter(kind === "url" ? EXTERNAL! : embeddedUrl(dataDir)!);

    // The dashboard's scanner: the demo owner signed in through the API, scanning their own cards.
    const token = await apiCall<string>("POST", `${api}/login`, null, DEMO);
    // The Demo Café's cards: a stamp card with no cooldown for staff (the other demo businesses'
    // cards are a points card and a prepaid pass, which a plain staff scan does not always stamp).
    const businesses = await apiCall<{ items: { id: number; business_name: string }[] }>(
      "GET",
      `${api}/business-list?limit=100`,
      token,
    );
    const cafe = businesses.items.find((b) => b.business_name === DEMO_CAFE.name);
    if (!cafe) throw new Error(`the demo owner has no business named ${DEMO_CAFE.name}`);
    const listed = await apiCall<{ items: { serial: string }[] }>(
      "GET",
      `${api}/customer-list?limit=${CARDS}&business_id=${cafe.id}`,
      token,
    );
    const serials = listed.items.map((card) => card.serial);
    if (serials.length < CARDS) throw new Error(`the demo owner has ${serials.length} cards, not ${CARDS}`);
    let next = 0;
    const stamps: autocannon.Options = {
      url: `${api}/qr-code-scanner`,
      method: "POST",
      connections: CLIENTS,
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      requests: [
        { setupRequest: (req) => ({ ...req, body: JSON.stringify({ code: serials[next++ % serials.length] }) }) },
      ],
    };
    /** Runs a phase; answers what it measured and the scan rows it added. */
    const phase = async <T,>(run: () => Promise<T>) => {
      const before = await scans!.count();
      const result = await run();
      return { result, rows: (await scans!.count()) - before };
    };
    const ok = (r: autocannon.Result) => r["2xx"];
    await autocannon({ ...stamps, amount: 200 }); // warm-up
    const load = sampleMemory(child.pid!);
    const before = cpu(child.pid!);
    const stampBody = (k: number) => JSON.stringify({ code: serials[k % serials.length] });
    const open = await phase(() =>
      openLoop(new URL(`${api}/qr-code-scanner`), token, stampBody, RATE, CLIENTS, SECONDS),
    );
    const after = cpu(child.pid!);
    const floorBefore = cpu(child.pid!);
    const floor = await openLoop(new URL(`${api}/health`), token, null, RATE, CLIENTS, SECONDS);
    const floorAfter = cpu(child.pid!);
    const single = await phase(() => autocannon({ ...stamps, connections: 1, amount: ONE_AT_A_TIME }));
    const burst = await phase(() => autocannon({ ...stamps, overallRate: RATE, duration: 15 }));
    const beforeClosed = cpu(child.pid!);
    const closed = await phase(() => autocannon({ ...stamps, duration: 15 }));
    const afterClosed = cpu(child.pid!);
    const closedStamps = closed.result.requests.total;
    load.stop();
    const n = open.result.n;
    /** The answers that were not 200, by status ("429 ×12"): a refused stamp is not a stamp. */
    const refused = (codes: Iterable<[number | string, number]>) =>
      [...codes]
        .filter(([code]) => Number(code) !== 200)
        .map(([code, count]) => `${code} ×${count}`)
        .join(", ") || "none";
    const codesOf = (r: autocannon.Result) =>
      Object.entries(
        (r as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {},
      ).map(([code, stat]) => [code, stat.count] as [string, number]);
    const rows = (p: { rows: number }, answered: number) => `${p.rows} scan rows for ${answered} stamps answered 200`;
    return {
      database: kind === "url" ? "PostgreSQL (DATABASE_URL)" : "embedded PostgreSQL",
      "start to /health (fresh $DATA_DIR)": `${(startMs / 1000).toFixed(1)} s`,
      "first start peak RSS: API server": `${first.api.toFixed(0)} MB`,
      "first start peak RSS: other children": first.child ? `${first.child.toFixed(0)} MB` : "–",
      "first start peak RSS: postgres, largest / sum": first.pgMax
        ? `${first.pgMax.toFixed(0)} / ${first.pgSum.toFixed(0)} MB`
        : "–",
      "peak RSS under load: API / postgres sum": `${load.peaks.api.toFixed(0)} / ${load.peaks.pgSum ? load.peaks.pgSum.toFixed(0) : "–"} MB`,
      "disk of $DATA_DIR after first start": `${diskMb} MB`,
      [`open loop ${RATE}/s × ${SECONDS} s, ${CLIENTS} clients: p50 / p99`]: `${open.result.p50.toFixed(0)} / ${open.result.p99.toFixed(0)} ms`,
      "open loop: time-outs / errors": `${open.result.timeouts} / ${open.result.errors}`,
      "open loop: answers not 200": `${refused(open.result.statuses)}${open.result.refusal ? `: ${open.result.refusal}` : ""}`,
      "open loop: rows written": rows(open, open.result.ok),
      [`floor, same open loop of GET /health: p50 / p99`]: `${floor.p50.toFixed(0)} / ${floor.p99.toFixed(0)} ms`,
      [`one at a time (${ONE_AT_A_TIME}): median / p99`]: `${single.result.latency.p50} / ${single.result.latency.p99} ms`,
      "one at a time: rows written": rows(single, ok(single.result)),
      "one at a time: answers not 200": refused(codesOf(single.result)),
      [`closed loop ${CLIENTS} connections, 15 s: stamps/s (p50 / p99)`]: `${closed.result.requests.average.toFixed(0)} (${closed.result.latency.p50} / ${closed.result.latency.p99} ms), ${closed.result.timeouts} time-outs, ${closed.result.non2xx} not 200`,
      "closed loop: rows written": rows(closed, ok(closed.result)),
      "closed loop: answers not 200": refused(codesOf(closed.result)),
      [`burst: ${CLIENTS} clients at once every second, 15 s: p50 / p99`]: `${burst.result.latency.p50} / ${burst.result.latency.p99} ms, ${burst.result.timeouts} time-outs, ${rows(burst, ok(burst.result))}`,
      "API CPU per stamp, open loop (of which in the kernel)": `${((after.api - before.api) / n).toFixed(2)} ms (${((after.apiSystem - before.apiSystem) / n).toFixed(2)} ms)`,
      "floor: API CPU per GET /health": `${((floorAfter.api - floorBefore.api) / floor.n).toFixed(2)} ms`,
      "closed loop: API / database CPU per stamp": `${((afterClosed.api - beforeClosed.api) / closedStamps).toFixed(2)} / ${
        kind === "postgres" ? ((afterClosed.db - beforeClosed.db) / closedStamps).toFixed(2) : "–"
      } ms`,
      "database CPU per stamp, open loop":
        kind === "url" ? "(not counted)" : `${((after.db - before.db) / n).toFixed(2)} ms`,
      "API server's log read through the pipe": `${(logBytes / 2 ** 20).toFixed(1)} MB`,
    };
  } finally {
    memory.stop();
    await scans?.end();
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      // gone
    }
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  if (!fs.existsSync(SCRIPT)) throw new Error("build the API server first: npm run build:server");
  const rows: Row[] = [];
  for (const kind of KINDS) {
    console.log(`[bench] ${kind}…`);
    rows.push(await measure(kind));
    console.log(rows.at(-1));
  }
  const keys = Object.keys(rows[0]!);
  const width = Math.max(...keys.map((k) => k.length));
  console.log(`\nEmbedded databases, one run on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"})`);
  for (const key of keys) console.log(`| ${key.padEnd(width)} | ${rows.map((r) => r[key]!.padEnd(28)).join(" | ")} |`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
