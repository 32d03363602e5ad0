import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { pgDump } from "@electric-sql/pglite-tools/pg_dump";

/**
 * Backups (issue 18 point 7).
 *
 * Embedded database: PGlite is one connection inside the API server's process, so nothing else
 * may open its data directory while the server runs. The server dumps itself instead: on SIGUSR2
 * (a signal only the machine's own user or root can send: nothing is reachable over HTTP) it runs
 * pglite-tools' pg_dump (WASM) on its own connection, holding PGlite's transaction lock so that no
 * transaction of the app is half done, and pg_dump itself reads in one snapshot. The dump is SQL
 * (INSERTs), restorable into PGlite or PostgreSQL. `npm run backup` sends the signal when the
 * server runs (its pid is in `$DATA_DIR/api.pid`) and dumps the directory itself when it does not.
 *
 * PostgreSQL: pg_dump's custom format (consistent by PostgreSQL's snapshot) and pg_restore.
 */

export const PID_FILE = "api.pid";
export const backupDir = (dataDir: string) => path.join(dataDir, "backups");
const stamp = () => new Date().toISOString().replace(/[:.]/g, "-");

/** The whole embedded database as SQL, taken while no transaction of the app is open. */
export async function dumpPglite(client: PGlite): Promise<string> {
  // PGlite runs every transaction, and every query outside one, under one lock: holding it (as
  // `transaction` does) keeps the app's transactions whole around the dump. Inside, the SQL
  // transaction that `transaction` began is ended at once, so pg_dump opens its own (repeatable
  // read, read only: one snapshot) on the same connection; pg_dump's queries go through `tx`, as
  // `client.query` would wait for the lock held here. The COMMIT PGlite sends after finds no
  // transaction, which PostgreSQL answers with a warning only.
  return client.transaction(async (tx) => {
    await tx.exec("COMMIT");
    const pg = {
      query: tx.query,
      exec: tx.exec,
      execProtocolRawStream: client.execProtocolRawStream.bind(client),
    } as unknown as PGlite;
    const file = await pgDump({ pg, args: ["--no-owner"] });
    return file.text();
  });
}

/** Writes a dump into `dir` atomically (a half-written file never has the final name). */
export function writeBackup(dir: string, sql: string): string {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, `loyalty-${stamp()}.sql`);
  fs.writeFileSync(`${file}.partial`, sql, { mode: 0o600 });
  fs.renameSync(`${file}.partial`, file);
  return file;
}

/** Restores a SQL dump into a new embedded database at `dbDir` (which must not exist). */
export async function restorePglite(sqlFile: string, dbDir: string): Promise<void> {
  if (fs.existsSync(dbDir)) throw new Error(`${dbDir} exists: restore goes into a new directory`);
  // With the server's extensions (pg_trgm: the dump creates it) and settings.
  const { openPglite } = await import("./client");
  const client = await openPglite(dbDir);
  try {
    await client.exec(fs.readFileSync(sqlFile, "utf8"));
  } finally {
    await client.close();
  }
}

/** Whether the API server whose pid is in `dataDir` runs. */
export function runningServer(dataDir: string): number | null {
  const file = path.join(dataDir, PID_FILE);
  if (!fs.existsSync(file)) return null;
  const pid = Number(fs.readFileSync(file, "utf8").trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

type Log = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

/**
 * In the API server on the embedded database: records the pid and dumps on SIGUSR2 into
 * `$DATA_DIR/backups`. Answers a function that removes the pid file (at shutdown).
 */
export function installBackupSignal(client: PGlite, dataDir: string, log: Log): () => void {
  const pidFile = path.join(dataDir, PID_FILE);
  fs.writeFileSync(pidFile, String(process.pid));
  let running = false;
  process.on("SIGUSR2", () => {
    if (running) return;
    running = true;
    const started = Date.now();
    dumpPglite(client)
      .then((sql) => writeBackup(backupDir(dataDir), sql))
      .then((file) => log.info({ file, ms: Date.now() - started }, "backup written"))
      .catch((err: unknown) => log.error({ err }, "backup failed"))
      .finally(() => (running = false));
  });
  return () => fs.rmSync(pidFile, { force: true });
}

/** Runs a PostgreSQL client program (pg_dump, pg_restore, psql), failing on a non-zero exit. */
export function runPgTool(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ["ignore", "inherit", "inherit"] });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${program} exited with ${code}`))));
  });
}

export const postgresBackupFile = (dir: string) => path.join(dir, `loyalty-${stamp()}.dump`);
