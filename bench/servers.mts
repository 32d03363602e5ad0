// The production servers the web and loyalty benchmarks measure: built when stale, started on
// free ports as child processes, stopped together.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import { isStale, targets } from "../scripts/lib/build-state.mjs";
import { run, waitForUrl } from "../scripts/lib/run.mjs";
import { WEB_MEMORY_ENV, WEB_NODE_FLAGS } from "../scripts/lib/web-server-command.mjs";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Builds the API server and the web app when their sources are newer than the builds. */
export async function ensureBuilt() {
  const production = { ...process.env, NODE_ENV: "production" };
  for (const [name, target] of Object.entries(targets)) {
    if (isStale(target)) {
      console.log(`[bench] building ${name}…`);
      await run("npm", target.command, { env: production });
    }
  }
}

/** Each server this run started, with the name its CPU time is reported under. */
const children: { child: ChildProcess; role: string }[] = [];

/** `BENCH_CPU_PROF=<dir>` writes a V8 CPU profile of each server there when it stops. */
const profiling = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];

/** Starts a built server; its CPU time counts under `role` (by default, which of the two it is). */
export function startNode(
  script: string,
  env: Record<string, string>,
  role = script.includes("server/") ? "API server" : "web server",
) {
  // The web server runs with its production memory settings (scripts/lib/web-server-command.mjs).
  const web = script.includes("web-server");
  const child = spawn(process.execPath, [...profiling, ...(web ? WEB_NODE_FLAGS : []), script], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      ALLOW_LOCAL_DEFAULTS: "true",
      LOG_LEVEL: "info", // production's level: the access log is paid for, as it is there
      ...(web && WEB_MEMORY_ENV),
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  children.push({ child, role });
  return child;
}

/**
 * CPU time (ms) used so far by each process group that serves a benchmark: the API server, the web
 * server, PostgreSQL's processes and this process (the load generator). Linux only (/proc); empty
 * elsewhere. Two snapshots' difference divided by the requests made is the CPU cost of a request.
 */
export function cpuSnapshot(): Record<string, number> {
  const ticks = 100; // USER_HZ on Linux
  const totals: Record<string, number> = {};
  let pids: string[];
  try {
    pids = fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return totals;
  }
  const roles = new Map<number, string>([[process.pid, "load generator"]]);
  for (const { child, role } of children) roles.set(child.pid!, role);
  for (const pid of pids) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue;
    }
    const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const role = roles.get(Number(pid)) ?? (comm === "postgres" ? "PostgreSQL" : undefined);
    if (!role) continue;
    // utime, stime, cutime and cstime are fields 14 to 17 of stat, 12 to 15 after the command name.
    // The children's times keep the sum whole when a process ends: PostgreSQL's postmaster takes
    // over the CPU time of each backend that exits (a closed connection), which would else vanish.
    const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
    totals[role] = (totals[role] ?? 0) + ((utime! + stime! + cutime! + cstime!) * 1000) / ticks;
  }
  return totals;
}

export function stopAll() {
  for (const { child } of children.splice(0)) {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      // already gone
    }
  }
}

/** Stops a bench's servers and removes its data folder (in its `finally`). */
export async function stopBench(dataDir: string) {
  stopAll();
  await new Promise((resolve) => setTimeout(resolve, 500));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** A bench that threw: its servers stop, and the process exits 1. */
export function benchFailed(error: unknown): never {
  console.error(error);
  stopAll();
  process.exit(1);
}

/**
 * The API server (on `dataDir`, or `DATABASE_URL` when set) and the web app behind its own web
 * server (CSP, client address, compression), as in production.
 */
export async function startProduct(dataDir: string, env: Record<string, string> = {}) {
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const api = `http://127.0.0.1:${apiPort}/api`;
  const web = `http://127.0.0.1:${webPort}`;
  startNode("server/dist/main.cjs", { ...env, API_PORT: String(apiPort), DATA_DIR: dataDir });
  await waitForUrl(`${api}/health`, 60_000);
  startNode("dist/web-server.cjs", {
    ...env,
    PORT: String(webPort),
    HOSTNAME: "127.0.0.1",
    BACKEND_API_URL: api,
    PUBLIC_APP_URL: web,
    DATA_DIR: dataDir,
  });
  await waitForUrl(`${web}/login`, 60_000);
  return { api, web };
}

/** A call to the API server directly (bearer token), failing on anything but success. */
export async function apiCall<T>(method: string, url: string, token: string | null, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const res = await fetch(url, { method, headers, body: payload });
  const json = (await res.json()) as { data: T; auth_token?: string };
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return (json.auth_token ?? json.data) as T;
}

export const DEMO = { email: "demo@example.com", password: "demo-password" };

/**
 * The seeded demo owner's programme on their first business (the seed gives them as many as their
 * plan includes: another would cost the slot fee), or on a new one when they have none: a reward
 * of `stampsRequired` stamps and a QR code.
 */
export async function demoProgramme(api: string, stampsRequired = 10) {
  const token = await apiCall<string>("POST", `${api}/login`, null, DEMO);
  const { items } = await apiCall<{ items: { id: number }[] }>("GET", `${api}/business-list`, token);
  const id = items[0]?.id ?? (await benchBusiness(api, token));
  const reward = await apiCall<{ id: number }>("POST", `${api}/add-reward`, token, {
    business_id: id,
    title: "Free coffee",
    stamps_required: stampsRequired,
  });
  const qr = await apiCall<{ qr_token: string }>("POST", `${api}/generate-qr`, token, {
    business_id: id,
    reward_id: reward.id,
    label: "Counter",
  });
  return { token, qrToken: qr.qr_token };
}

/** A business of the bench's own, for an owner who has none. */
async function benchBusiness(api: string, token: string): Promise<number> {
  const form = new FormData();
  const business = {
    business_name: "Bench Café",
    address: "1 Bench Road",
    business_category: "Café and Coffee Shop",
    state: "Greater London",
    city: "London",
    zip_code: "EC1A 1BB",
    country_name: "United Kingdom",
  };
  for (const [key, value] of Object.entries(business)) form.append(key, value);
  return (await apiCall<{ id: number }>("POST", `${api}/add-business`, token, form)).id;
}

/** The demo owner signed in through the BFF: the session cookie a browser would send. */
export async function bffCookie(web: string): Promise<string> {
  const res = await fetch(`${web}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: web },
    body: JSON.stringify(DEMO),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!cookie) throw new Error(`BFF login failed: ${res.status}`);
  return cookie;
}

/**
 * The scanner benches' programme: the demo owner's reward of 50 stamps (most scans stamp, one in
 * 51 redeems: both are the real work of a scan) and 200 cards, so the load spreads as a counter's
 * does (one card would measure only its row lock, which serialises scans of the same card).
 */
export async function scannerFixtures(api: string) {
  const { token, qrToken } = await demoProgramme(api, 50);
  const serials: string[] = [];
  for (let i = 0; i < 200; i++) {
    const joined = await apiCall<{ card: { serial: string } }>("POST", `${api}/wallet-join`, null, {
      qr_token: qrToken,
      name: "Bench Customer",
      email: `bench-${i}-${Date.now()}@example.com`,
      consent: true,
    });
    serials.push(joined.card.serial);
  }
  return { token, serials };
}
