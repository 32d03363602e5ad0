import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Where the embedded PostgreSQL's binaries and data live when it runs as another user (as root it
 * runs as `postgres`): a checkout in a folder only root can enter (root's home, a `mktemp -d`)
 * holds binaries and a $DATA_DIR that user cannot reach. Then:
 * - the binaries are copied once, per version, to a folder it can reach;
 * - the cluster and its socket live in a folder of their own there, and `$DATA_DIR/postgres` is a
 *   symbolic link to the cluster (root, and so the backup tools, reach it through the link).
 * A $DATA_DIR it can reach is used as it is, as before (and a non-root server is not concerned).
 */

export type Owner = { uid: number; gid: number };

/** Whether `owner` can reach `target` (search a folder, run a program), every folder above included. */
export function canReach(owner: Owner, target: string): boolean {
  const result = spawnSync("/bin/sh", ["-c", 'test -x "$1"', "sh", target], { ...owner, stdio: "ignore" });
  return result.status === 0;
}

/** Persistent first: a cluster under the system's temporary folder may not outlive a reboot. */
const RUNTIME_ROOTS = ["/var/lib/loyalty-cards", path.join(os.tmpdir(), "loyalty-cards")];

/**
 * A folder of this process's user (root) that `owner` can reach and nobody else can write:
 * `preferred`, else the first of RUNTIME_ROOTS that can be made so.
 */
export function runtimeRoot(owner: Owner, preferred?: string): string {
  for (const dir of preferred ? [preferred] : RUNTIME_ROOTS) {
    try {
      fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
      // Another user's folder (made first in a shared /tmp) is not trusted with the binaries.
      if (fs.lstatSync(dir).uid !== process.getuid?.()) continue;
      fs.chmodSync(dir, 0o755);
      if (canReach(owner, dir)) return dir;
    } catch {
      // not writable (a read-only /var/lib): the next one
    }
  }
  throw new Error(
    `PostgreSQL runs as another user here and cannot reach ${(preferred ? [preferred] : RUNTIME_ROOTS).join(" or ")}`,
  );
}

/**
 * The platform package's root to run the binaries from: its own when `owner` can run them, else
 * a copy of its `native` folder made once under `root`, keyed by the package's version.
 */
export function reachablePackage(owner: Owner, packageRoot: string, root: string): string {
  if (canReach(owner, path.join(packageRoot, "native", "bin", "postgres"))) return packageRoot;
  const { version } = JSON.parse(fs.readFileSync(path.join(packageRoot, "package.json"), "utf8")) as {
    version: string;
  };
  const cached = path.join(root, `postgres-${version}-${process.platform}-${process.arch}`);
  if (fs.existsSync(path.join(cached, "native", "bin", "postgres"))) return cached;
  // Copied beside, then renamed: a server started at the same moment never sees half a copy.
  const partial = `${cached}.partial-${randomBytes(4).toString("hex")}`;
  try {
    fs.mkdirSync(partial, { mode: 0o755 });
    fs.chmodSync(partial, 0o755);
    fs.cpSync(path.join(packageRoot, "native"), path.join(partial, "native"), {
      recursive: true,
      verbatimSymlinks: true,
    });
    fs.renameSync(partial, cached);
  } catch (err) {
    if (!fs.existsSync(path.join(cached, "native", "bin", "postgres"))) throw err;
  } finally {
    fs.rmSync(partial, { recursive: true, force: true });
  }
  return cached;
}

/** The folder of `dataDir`'s cluster and socket under `root` (one per $DATA_DIR). */
export function awayFolder(root: string, dataDir: string): string {
  const key = createHash("sha256").update(fs.realpathSync(dataDir)).digest("hex").slice(0, 16);
  const dir = path.join(root, `data-${key}`);
  fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  fs.chmodSync(dir, 0o755);
  return dir;
}

/** A new cluster folder's path in `away` (each its own: an old one may still be kept by a restore). */
export const newClusterPath = (away: string) => path.join(away, `postgres-${randomBytes(4).toString("hex")}`);

/** Points `link` ($DATA_DIR/postgres) at `target`, replacing a link that was there. */
export function linkCluster(link: string, target: string) {
  if (fs.lstatSync(link, { throwIfNoEntry: false })?.isSymbolicLink()) fs.unlinkSync(link);
  fs.symlinkSync(target, link);
}

/**
 * A cluster folder found in $DATA_DIR itself (a restore writes one there) is moved to `away`
 * and linked; a link is left as it is.
 */
export function moveClusterAway(link: string, away: string) {
  const stat = fs.lstatSync(link, { throwIfNoEntry: false });
  if (!stat || stat.isSymbolicLink()) return;
  const target = newClusterPath(away);
  try {
    fs.renameSync(link, target);
  } catch {
    // Another file system (/var/lib and /root apart): copied, then removed.
    fs.cpSync(link, target, { recursive: true, verbatimSymlinks: true, preserveTimestamps: true });
    fs.rmSync(link, { recursive: true, force: true });
  }
  fs.symlinkSync(target, link);
}

/** The cluster folder itself: the link's target when $DATA_DIR/postgres is a link. */
export function realCluster(link: string): string {
  return fs.lstatSync(link, { throwIfNoEntry: false })?.isSymbolicLink() ? fs.realpathSync(link) : link;
}

/** Removes $DATA_DIR/postgres, and the cluster it links to. */
export function removeCluster(link: string) {
  try {
    if (fs.lstatSync(link).isSymbolicLink()) fs.rmSync(fs.realpathSync(link), { recursive: true, force: true });
  } catch {
    // no link, or one to nothing
  }
  fs.rmSync(link, { recursive: true, force: true });
}
