/**
 * The operator's backup tool (docs/operations.md, "Backups"):
 *   npm run backup                  a consistent backup, while the API server runs or not
 *   npm run restore -- FILE         back to that backup (embedded: with the API server stopped)
 * Embedded PostgreSQL (the default, DATA_DIR): a base backup folder in $DATA_DIR/backups, taken
 * over SQL from the running server or from one started for it (db/base-backup.ts). PostgreSQL
 * (DATABASE_URL): pg_dump's custom format into ./backups (BACKUP_DIR), restored with pg_restore.
 */
import fs from "node:fs";
import path from "node:path";
import { postgresBackupFile, runPgTool } from "../db/backup";
import { backupEmbeddedPostgres, restoreEmbeddedPostgres } from "../db/base-backup";

const USAGE = `Usage:
  npm run backup
  npm run restore -- FILE`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(1);
}

async function main() {
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  const [command, file] = process.argv.slice(2);
  const databaseUrl = process.env.DATABASE_URL;
  const dataDir = path.resolve(process.env.DATA_DIR ?? "./data");

  if (command === "backup") {
    if (databaseUrl) {
      const dir = path.resolve(process.env.BACKUP_DIR ?? "./backups");
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      const out = postgresBackupFile(dir);
      await runPgTool("pg_dump", ["--format=custom", "--no-owner", `--file=${out}`, `--dbname=${databaseUrl}`]);
      console.log(out);
    } else console.log(await backupEmbeddedPostgres(dataDir));
  } else if (command === "restore") {
    if (!file || !fs.existsSync(file)) fail(`no such backup file: ${file ?? "(none given)"}`);
    if (databaseUrl) {
      // A custom-format dump (npm run backup on PostgreSQL), or a plain SQL dump.
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
    } else {
      const kept = await restoreEmbeddedPostgres(path.resolve(file), dataDir);
      console.log(`restored ${file} into ${dataDir}${kept ? `; the previous database is in ${kept}` : ""}`);
    }
  } else fail(`unknown command: ${command ?? "(none)"}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
