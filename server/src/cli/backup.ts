/**
 * The operator's backup tool (issue 18 point 7, README "Backups"):
 *   npm run backup                  a consistent dump, while the API server runs or not
 *   npm run restore -- FILE         back to that dump (embedded: with the API server stopped)
 * Embedded PostgreSQL (the default, DATA_DIR): a base backup folder in $DATA_DIR/backups, taken
 * over SQL from the running server or from one started for it (db/base-backup.ts).
 * PGlite (DATABASE=pglite): SQL dumps in $DATA_DIR/backups, taken by the running API server on
 * SIGUSR2 (see db/backup.ts) or by this tool when no server runs. PostgreSQL (DATABASE_URL):
 * pg_dump's custom format into ./backups (BACKUP_DIR), restored with pg_restore.
 */
import fs from "node:fs";
import path from "node:path";
import {
  backupDir,
  dumpPglite,
  postgresBackupFile,
  restorePglite,
  runningServer,
  runPgTool,
  writeBackup,
} from "../db/backup";
import { backupEmbeddedPostgres, restoreEmbeddedPostgres } from "../db/base-backup";

const USAGE = `Usage:
  npm run backup
  npm run restore -- FILE`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(1);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const dumpsIn = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".sql")) : []);

async function backupEmbedded(dataDir: string): Promise<string> {
  const dir = backupDir(dataDir);
  const pid = runningServer(dataDir);
  if (pid) {
    // The running server holds the database: it dumps itself; wait for its new file.
    const before = new Set(dumpsIn(dir));
    process.kill(pid, "SIGUSR2");
    const deadline = Date.now() + 10 * 60_000;
    while (Date.now() < deadline) {
      const added = dumpsIn(dir).filter((file) => !before.has(file));
      if (added.length > 0) return path.join(dir, added.sort().at(-1)!);
      await sleep(200);
    }
    fail(`the API server (pid ${pid}) wrote no backup in 10 minutes: see its log`);
  }
  const dbDir = path.join(dataDir, "db");
  if (!fs.existsSync(dbDir)) fail(`no embedded database in ${dbDir}`);
  const { openPglite } = await import("../db/client");
  const client = await openPglite(dbDir);
  try {
    return writeBackup(dir, await dumpPglite(client));
  } finally {
    await client.close();
  }
}

async function restoreEmbedded(dataDir: string, file: string) {
  if (!file.endsWith(".sql")) fail("the embedded database restores a .sql dump (npm run backup without DATABASE_URL)");
  const pid = runningServer(dataDir);
  if (pid) fail(`the API server runs (pid ${pid}): stop it first, the restore replaces its database`);
  const dbDir = path.join(dataDir, "db");
  const next = `${dbDir}.restoring`;
  fs.rmSync(next, { recursive: true, force: true });
  await restorePglite(file, next);
  // The database it replaces is kept beside it, never deleted by a restore.
  const kept = `${dbDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
  if (fs.existsSync(dbDir)) fs.renameSync(dbDir, kept);
  fs.renameSync(next, dbDir);
  console.log(`restored ${file} into ${dbDir}${fs.existsSync(kept) ? `; the previous database is in ${kept}` : ""}`);
}

async function main() {
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  const [command, file] = process.argv.slice(2);
  const databaseUrl = process.env.DATABASE_URL;
  const dataDir = path.resolve(process.env.DATA_DIR ?? "./data");
  const pglite = process.env.DATABASE === "pglite";

  if (command === "backup") {
    if (databaseUrl) {
      const dir = path.resolve(process.env.BACKUP_DIR ?? "./backups");
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      const out = postgresBackupFile(dir);
      await runPgTool("pg_dump", ["--format=custom", "--no-owner", `--file=${out}`, `--dbname=${databaseUrl}`]);
      console.log(out);
    } else if (pglite) console.log(await backupEmbedded(dataDir));
    else console.log(await backupEmbeddedPostgres(dataDir));
  } else if (command === "restore") {
    if (!file || !fs.existsSync(file)) fail(`no such backup file: ${file ?? "(none given)"}`);
    if (databaseUrl) {
      // A custom-format dump (npm run backup on PostgreSQL), or an embedded database's SQL dump.
      if (file.endsWith(".sql")) {
        await runPgTool("psql", [
          "--quiet",
          "--single-transaction",
          "-v",
          "ON_ERROR_STOP=1",
          `--file=${file}`,
          databaseUrl,
        ]);
      } else {
        await runPgTool("pg_restore", [
          "--clean",
          "--if-exists",
          "--no-owner",
          "--single-transaction",
          `--dbname=${databaseUrl}`,
          file,
        ]);
      }
      console.log(`restored ${file}`);
    } else if (pglite) await restoreEmbedded(dataDir, file);
    else {
      const kept = await restoreEmbeddedPostgres(path.resolve(file), dataDir);
      console.log(`restored ${file} into ${dataDir}${kept ? `; the previous database is in ${kept}` : ""}`);
    }
  } else fail(`unknown command: ${command ?? "(none)"}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
