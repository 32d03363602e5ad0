// `npm run cluster`: the product as it runs on several machines, on one: PostgreSQL, two API
// servers, two web servers and nginx in front, all on loopback, started and stopped together
// (Ctrl-C or SIGTERM stops all), every log in one folder. `scripts/cluster/test.mts` (npm run
// test:cluster) starts the same cluster on a throwaway database and puts it through its paces.
//
//   browser ─► nginx :5140 ─► web-1 :5142 ┐        ┌► api-1 :5144 ┐
//                          └► web-2 :5143 ┴► nginx :5141 ┴► api-2 :5145 ┴► PostgreSQL :5146
//
// Ports: CLUSTER_PORT (default 5140) and the six after it. Folder: CLUSTER_DIR (default
// ./data/cluster; PostgreSQL's data in pg/, logs in logs/, nginx.conf, the session secret).
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { isStale, targets } from "../lib/build-state.mjs";
import { run, waitForUrl } from "../lib/run.mjs";
import { WEB_MEMORY_ENV, WEB_SERVER_ARGS } from "../lib/web-server-command.mjs";
import { nginxConf } from "./nginx-conf.mjs";

export const DEFAULT_PORT = 5140;

/** Every port of the cluster, from its first one. */
export function clusterPorts(base = Number(process.env.CLUSTER_PORT || DEFAULT_PORT)) {
  return {
    public: base,
    api: base + 1,
    web: [base + 2, base + 3],
    apiServers: [base + 4, base + 5],
    postgres: base + 6,
  };
}

const root = process.getuid?.() === 0;

/** Debian's PostgreSQL binaries (the newest installed version). */
function pgBin() {
  const base = "/usr/lib/postgresql";
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(a) - Number(b)) : [];
  const bin = versions.length ? path.join(base, versions.at(-1), "bin") : null;
  if (!bin || !fs.existsSync(path.join(bin, "initdb"))) {
    throw new Error("PostgreSQL is not installed (apt-get install postgresql)");
  }
  return bin;
}

/** Runs a PostgreSQL tool as the owner of its data (initdb refuses to run as root). */
function pgTool(tool, args) {
  const command = root ? "runuser" : path.join(pgBin(), tool);
  const fullArgs = root ? ["-u", "postgres", "--", path.join(pgBin(), tool), ...args] : args;
  const result = spawnSync(command, fullArgs, { encoding: "utf8" });
  return { ok: result.status === 0, output: `${result.stdout ?? ""}${result.stderr ?? ""}`.trim() };
}

/** The same, without blocking the event loop (the test restarts PostgreSQL while it sends load). */
function pgToolAsync(tool, args) {
  const command = root ? "runuser" : path.join(pgBin(), tool);
  const fullArgs = root ? ["-u", "postgres", "--", path.join(pgBin(), tool), ...args] : args;
  return new Promise((resolve) => {
    const child = spawn(command, fullArgs, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => resolve({ ok: code === 0, output: output.trim() }));
  });
}

/** Whether the nginx binary is there (Debian's nginx package). */
export function haveNginx() {
  return spawnSync("nginx", ["-v"]).status === 0;
}

/** The session secret every web server shares: SESSION_SECRET, or one generated into the folder. */
function sessionSecret(dir) {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  const file = path.join(dir, ".secret");
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  return fs.readFileSync(file, "utf8").trim();
}

/**
 * Starts the cluster in `dir` and answers its handle once every part answers.
 * @param {{ dir: string, ports?: ReturnType<typeof clusterPorts>, env?: Record<string, string>,
 *   onExit?: (name: string, reason: string) => void, log?: (line: string) => void,
 *   onHandle?: (handle: object) => void }} options (`onHandle` gets the handle at once, to stop a
 *   cluster interrupted while it starts)
 */
export async function startCluster({
  dir,
  ports = clusterPorts(),
  env = {},
  onExit = () => {},
  log = () => {},
  onHandle = () => {},
}) {
  dir = path.resolve(dir);
  const logs = path.join(dir, "logs");
  fs.mkdirSync(logs, { recursive: true });
  fs.mkdirSync(path.join(dir, "nginx"), { recursive: true });
  // nginx's worker (nobody, when started as root) writes its temporary files under the folder.
  fs.chmodSync(dir, 0o755);
  const pgData = path.join(dir, "pg");
  const publicUrl = env.PUBLIC_APP_URL ?? process.env.PUBLIC_APP_URL ?? `http://127.0.0.1:${ports.public}`;
  const databaseUrl = `postgres://postgres@127.0.0.1:${ports.postgres}/loyalty`;

  /** name → the running child and how to start it again. */
  const processes = new Map();
  let stopping = false;

  function start(name, command, args, childEnv) {
    const out = fs.openSync(path.join(logs, `${name}.log`), "a");
    // Its own process group, so that stopping it stops whatever it started.
    const child = spawn(command, args, { env: childEnv, stdio: ["ignore", out, out], detached: true });
    fs.closeSync(out);
    child.on("exit", (code, signal) => {
      if (!stopping && processes.get(name)?.child === child) onExit(name, signal ?? `exit code ${code}`);
    });
    processes.set(name, { child, command, args, env: childEnv });
    return child;
  }

  const pgStartArgs = () => [
    "-D",
    pgData,
    "-l",
    path.join(logs, "postgres.log"),
    "-o",
    `-p ${ports.postgres} -k /tmp -c listen_addresses=127.0.0.1`,
    "-w",
    "start",
  ];
  const pgStopArgs = ["-D", pgData, "-m", "fast", "-w", "stop"];
  function startPostgres() {
    const started = pgTool("pg_ctl", pgStartArgs());
    if (!started.ok) throw new Error(`PostgreSQL did not start (see ${logs}/postgres.log): ${started.output}`);
  }
  const stopPostgres = () => pgTool("pg_ctl", pgStopArgs);

  const handle = {
    dir,
    logs,
    ports,
    databaseUrl,
    urls: {
      public: `http://127.0.0.1:${ports.public}`,
      web: ports.web.map((port) => `http://127.0.0.1:${port}`),
      apiServers: ports.apiServers.map((port) => `http://127.0.0.1:${port}/api`),
    },
    /** The running process of a part (`api-1`, `web-2`, `nginx`). */
    pid: (name) => processes.get(name)?.child.pid,
    /** Sends a signal to one part (the test's `kill -9`). */
    kill(name, signal = "SIGKILL") {
      const entry = processes.get(name);
      if (entry) process.kill(-entry.child.pid, signal);
    },
    /** Starts a part again as it was started, and waits until it answers. */
    async restart(name) {
      const entry = processes.get(name);
      if (!entry) throw new Error(`no part named ${name}`);
      start(name, entry.command, entry.args, entry.env);
      const port = entry.env.API_PORT ?? entry.env.PORT;
      await waitForUrl(`http://127.0.0.1:${port}${name.startsWith("api") ? "/api/health" : "/login"}`, 60_000);
    },
    /** PostgreSQL's fast shutdown (open connections are closed: 57P01), as in a restart. */
    async stopPostgres() {
      const stopped = await pgToolAsync("pg_ctl", pgStopArgs);
      if (!stopped.ok) throw new Error(`PostgreSQL did not stop: ${stopped.output}`);
    },
    async startPostgres() {
      const started = await pgToolAsync("pg_ctl", pgStartArgs());
      if (!started.ok) throw new Error(`PostgreSQL did not start again: ${started.output}`);
    },
    /** Stops everything: nginx first (no new requests), then the servers, then PostgreSQL. */
    async stop() {
      if (stopping) return;
      stopping = true;
      const order = ["nginx", "web-1", "web-2", "api-1", "api-2"];
      for (const group of [order.slice(0, 1), order.slice(1, 3), order.slice(3)]) {
        const alive = group
          .map((name) => processes.get(name)?.child)
          .filter((child) => child && child.exitCode === null && child.signalCode === null);
        const signal = (name) => {
          for (const child of alive) {
            try {
              process.kill(-child.pid, name);
            } catch {
              // already gone
            }
          }
        };
        signal("SIGTERM");
        const force = setTimeout(() => signal("SIGKILL"), 10_000);
        await Promise.all(alive.map((child) => new Promise((resolve) => child.once("exit", resolve))));
        clearTimeout(force);
      }
      stopPostgres();
    },
  };

  onHandle(handle);
  try {
    // PostgreSQL: a data folder of its own, created on the first start.
    if (!fs.existsSync(path.join(pgData, "PG_VERSION"))) {
      fs.mkdirSync(pgData, { recursive: true });
      if (root) spawnSync("chown", ["-R", "postgres", pgData]);
      const init = pgTool("initdb", ["-D", pgData, "-A", "trust", "-U", "postgres"]);
      if (!init.ok) throw new Error(`initdb failed: ${init.output}`);
    }
    if (root) {
      const pgLog = path.join(logs, "postgres.log");
      fs.closeSync(fs.openSync(pgLog, "a"));
      spawnSync("chown", ["postgres", pgLog]);
    }
    // A server left running by a cluster that was killed is stopped first.
    if (fs.existsSync(path.join(pgData, "postmaster.pid"))) stopPostgres();
    startPostgres();
    const admin = new pg.Client({ connectionString: databaseUrl.replace(/\/loyalty$/, "/postgres") });
    await admin.connect();
    const { rowCount } = await admin.query("select 1 from pg_database where datname = 'loyalty'");
    if (!rowCount) await admin.query("create database loyalty");
    await admin.end();
    log(`PostgreSQL on 127.0.0.1:${ports.postgres}`);

    const conf = path.join(dir, "nginx.conf");
    fs.writeFileSync(conf, nginxConf({ dir, logs, ports, root }));
    const check = spawnSync("nginx", ["-t", "-q", "-p", dir, "-c", conf], { encoding: "utf8" });
    if (check.status !== 0) throw new Error(`nginx.conf does not pass nginx -t: ${check.stderr}`);
    const nginx = start("nginx", "nginx", ["-p", dir, "-c", conf], process.env);

    // Production builds on loopback: no mail server and the payment sandbox, said explicitly
    // (a real deployment sets SMTP_URL and PAYMENTS_MODE instead of ALLOW_LOCAL_DEFAULTS).
    const base = {
      ...process.env,
      NODE_ENV: "production",
      ALLOW_LOCAL_DEFAULTS: "true",
      PAYMENTS_MODE: "sandbox",
      PUBLIC_APP_URL: publicUrl,
      ...env,
    };
    // Both API servers at once, on purpose: they migrate and seed under one lock (client.ts).
    const apis = ports.apiServers.map((port, i) =>
      start(`api-${i + 1}`, process.execPath, ["--enable-source-maps", "server/dist/main.cjs"], {
        SEED_DEMO_USER: "true",
        ...base,
        API_HOST: "127.0.0.1",
        API_PORT: String(port),
        DATABASE_URL: databaseUrl,
        // nginx and the web servers, all on loopback: their X-Forwarded-For is believed.
        TRUST_PROXY: "127.0.0.1,::1",
      }),
    );
    await Promise.all(
      handle.urls.apiServers.map((url, i) => waitForUrl(`${url}/health`, 90_000, () => apis[i].exitCode === null)),
    );
    log(`API servers on ${ports.apiServers.join(", ")}`);

    const secret = sessionSecret(dir);
    const webs = ports.web.map((port, i) =>
      start(`web-${i + 1}`, process.execPath, WEB_SERVER_ARGS, {
        ...WEB_MEMORY_ENV,
        ...base,
        PORT: String(port),
        HOSTNAME: "127.0.0.1",
        // Through nginx's API listener: either API server, and the other when one is down.
        BACKEND_API_URL: `http://127.0.0.1:${ports.api}/api`,
        SESSION_SECRET: secret,
        // nginx is the proxy in front: only its X-Forwarded-For and X-Forwarded-Proto are believed.
        TRUSTED_PROXIES: "127.0.0.1,::1",
        DATA_DIR: dir,
      }),
    );
    await Promise.all(
      handle.urls.web.map((url, i) => waitForUrl(`${url}/login`, 120_000, () => webs[i].exitCode === null)),
    );
    // A port already taken stops nginx at once (its log says which): no need to wait then.
    await waitForUrl(`${handle.urls.public}/login`, 30_000, () => nginx.exitCode === null);
    log(`web servers on ${ports.web.join(", ")}; nginx on ${ports.public} (public) and ${ports.api} (API)`);
    return handle;
  } catch (error) {
    await handle.stop();
    throw error;
  }
}

/** Builds the API server and the web app when their sources are newer than the builds. */
export async function ensureBuilt() {
  for (const [name, target] of Object.entries(targets)) {
    if (isStale(target)) {
      console.log(`[cluster] building ${name}…`);
      await run("npm", target.command, { env: { ...process.env, NODE_ENV: "production" } });
    }
  }
}

async function main() {
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  if (!haveNginx()) throw new Error("nginx is not installed (apt-get install nginx)");
  await ensureBuilt();
  const dir = process.env.CLUSTER_DIR || "data/cluster";
  let cluster;
  const stop = async (code) => {
    if (cluster) await cluster.stop();
    process.exit(code);
  };
  process.on("SIGINT", () => void stop(0));
  process.on("SIGTERM", () => void stop(0));
  // npm does not always pass SIGTERM on to this script: when npm is gone, stop as well.
  const parent = process.ppid;
  setInterval(() => process.ppid !== parent && void stop(0), 1000).unref();
  await startCluster({
    dir,
    onHandle: (handle) => (cluster = handle),
    log: (line) => console.log(`[cluster] ${line}`),
    onExit: (name, reason) => console.error(`[cluster] ${name} exited (${reason}); the others serve on`),
  });
  console.log(
    `\n  Ready on ${cluster.urls.public}  (logs in ${cluster.logs}; demo@example.com / demo-password)\n  Ctrl-C to stop.\n`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`[cluster] ${error.message}`);
    process.exit(1);
  });
}
