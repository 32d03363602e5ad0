import { spawn } from "node:child_process";
import path from "node:path";

/**
 * Backups. The embedded PostgreSQL: a base backup over SQL (db/base-backup.ts). PostgreSQL through
 * `DATABASE_URL`: pg_dump's custom format (consistent by PostgreSQL's snapshot) and pg_restore.
 */

export const backupDir = (dataDir: string) => path.join(dataDir, "backups");
const stamp = () => new Date().toISOString().replace(/[:.]/g, "-");

/** Runs a PostgreSQL client program (pg_dump, pg_restore, psql), failing on a non-zero exit. */
export function runPgTool(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ["ignore", "inherit", "inherit"] });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${program} exited with ${code}`))));
  });
}

export const postgresBackupFile = (dir: string) => path.join(dir, `loyalty-${stamp()}.dump`);
