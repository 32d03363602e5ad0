// `npx tsx bench/stamp-profile.mts` (after `npm run build:server`): where a staff stamp's time goes
// on the database side. Starts the built API server on a fresh $DATA_DIR, restarts its embedded
// PostgreSQL with pg_stat_statements (planning tracked), stamps 50 of the demo owner's cards from 50
// connections (N stamps, default 3000) while sampling pg_stat_activity's wait events every 5 ms,
// then prints the wait events and the statements by total time (calls, execution, planning, buffer
// hits). SCRIPT: another build; CPU_PROF=DIR: the API server's V8 CPU profile; AUTO_EXPLAIN=rate:
// plans of that share of statements in $DATA_DIR/postgres.log (KEEP=1 keeps $DATA_DIR); QLEN: how
// much of each statement to print.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { startEnv } from "../scripts/lib/start-env.mjs";
import { waitForUrl } from "../scripts/lib/run.mjs";
import { embeddedUrl } from "../server/src/db/embedded-postgres";
import { apiCall, DEMO, freePort } from "./servers.mjs";

const script = process.env.SCRIPT || "server/dist/main.cjs";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "stamp-profile-"));
const port = await freePort();
const env = startEnv({
  ...process.env,
  DATA_DIR: dataDir,
  API_PORT: String(port),
  LOG_LEVEL: process.env.LOG_LEVEL || "info",
});
const api = `http://127.0.0.1:${port}/api`;
async function start(prof: boolean) {
  const child = spawn(
    process.execPath,
    [
      ...(prof && process.env.CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.CPU_PROF}`] : []),
      "--enable-source-maps",
      script,
    ],
    { env, stdio: ["ignore", "ignore", "inherit"], detached: true },
  );
  const exited = new Promise((r) => child.once("exit", r));
  await waitForUrl(`${api}/health`, 120_000, () => child.exitCode === null);
  return async () => {
    process.kill(-child.pid!, "SIGTERM");
    await exited;
  };
}
let stop = await start(false);
const url = embeddedUrl(dataDir)!;
let c = new pg.Client({ connectionString: url });
await c.connect();
await c.query("alter system set shared_preload_libraries = 'pg_stat_statements'");
await c.query("alter system set pg_stat_statements.track = 'all'");
await c.query("alter system set pg_stat_statements.track_planning = on");
if (process.env.AUTO_EXPLAIN) {
  await c.query("alter system set shared_preload_libraries = pg_stat_statements, auto_explain");
  for (const setting of [
    "auto_explain.log_min_duration = 0",
    "auto_explain.log_analyze = on",
    "auto_explain.log_buffers = on",
    "auto_explain.log_nested_statements = on",
    `auto_explain.sample_rate = ${process.env.AUTO_EXPLAIN}`,
  ])
    await c.query(`alter system set ${setting}`);
}
await c.end();
await stop();
stop = await start(true);
c = new pg.Client({ connectionString: url });
await c.connect();
await c.query("create extension if not exists pg_stat_statements");
const token = await apiCall<string>("POST", `${api}/login`, null, DEMO);
const listed = await apiCall<{ items: { serial: string }[] }>("GET", `${api}/customer-list?limit=50`, token);
const serials = listed.items.map((x) => x.serial);
let next = 0;
const opts: autocannon.Options = {
  url: `${api}/qr-code-scanner`,
  method: "POST",
  connections: 50,
  headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
  requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify({ code: serials[next++ % serials.length] }) }) }],
};
await autocannon({ ...opts, amount: 300 });
await c.query("select pg_stat_statements_reset()");
const N = Number(process.env.N || 3000);
const waits = new Map<string, number>();
let sampling = true;
const sampler = (async () => {
  const w = new pg.Client({ connectionString: url });
  await w.connect();
  while (sampling) {
    const { rows } = await w.query(
      "select coalesce(wait_event_type || ':' || wait_event, state) as w from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid() and state <> 'idle'",
    );
    for (const row of rows) waits.set(row.w, (waits.get(row.w) ?? 0) + 1);
    await new Promise((r) => setTimeout(r, 5));
  }
  await w.end();
})();
const r = await autocannon({ ...opts, amount: N });
sampling = false;
await sampler;
console.log(
  "wait samples",
  [...waits].sort((a, b) => b[1] - a[1]),
);
console.log("stamps", r.requests.total, "2xx", r["2xx"], "rps", r.requests.average);
const { rows } =
  await c.query(`select calls, round(total_exec_time::numeric,1) as total_ms, round(mean_exec_time::numeric,3) as mean_ms,
  round(total_plan_time::numeric,1) as plan_ms, shared_blks_hit as hit, rows, left(regexp_replace(query, '\\s+', ' ', 'g'), ${Number(process.env.QLEN || 300)}) as q
  from pg_stat_statements where query not like '%pg_stat_statements%' order by total_exec_time desc limit 25`);
for (const row of rows)
  console.log(
    `${row.calls}\t${row.total_ms}ms\tmean ${row.mean_ms}\tplan ${row.plan_ms}\thit ${row.hit}\trows ${row.rows}\n   ${row.q}`,
  );
await c.end();
await stop();
if (!process.env.KEEP) fs.rmSync(dataDir, { recursive: true, force: true });
else console.log("data", dataDir);
