import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";
import { connect } from "../../src/db/client";
import { embeddedUrl, startEmbeddedPostgres, STATE_FILE } from "../../src/db/embedded-postgres";

/**
 * The embedded default: without DATABASE_URL the API server runs PostgreSQL itself in
 * $DATA_DIR, on a unix socket with a password, keeps the data across restarts and stops it on close.
 */

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "embedded-pg-test-"));
  // As root the server runs as the user postgres, which must pass through (mkdtemp makes it 700).
  fs.chmodSync(dataDir, 0o711);
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function query(url: string, text: string) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

test("connect() without DATABASE_URL runs PostgreSQL in $DATA_DIR, migrates, and stops it on close", async () => {
  const database = await connect({ dataDir });
  let postmaster = 0;
  try {
    await database.migrate();
    const url = embeddedUrl(dataDir)!;
    const [settings] = await query(
      url,
      "select current_setting('listen_addresses') as listen, current_setting('data_directory') as dir, pg_backend_pid() as pid",
    );
    expect(settings).toMatchObject({ listen: "", dir: path.join(dataDir, "postgres") });
    postmaster = Number(fs.readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
    expect(alive(postmaster)).toBe(true);
    // The customer directory's trigram search (migrations created pg_trgm) sees ë as a letter:
    // "Zoë" is 4 trigrams ("  z", " zo", "zoë", "oë "), not 3 as with the C locale's classes.
    const [trgm] = await query(url, "select array_length(show_trgm('Zoë'), 1) as n");
    expect(trgm).toEqual({ n: 4 });
    // Password authentication: the socket alone does not let a local user in.
    const state = JSON.parse(fs.readFileSync(path.join(dataDir, STATE_FILE), "utf8")) as { password: string };
    expect(fs.statSync(path.join(dataDir, STATE_FILE)).mode & 0o077).toBe(0);
    await expect(query(url.replace(encodeURIComponent(state.password), "wrong"), "select 1")).rejects.toThrow(
      /password authentication failed/,
    );
  } finally {
    await database.close();
  }
  expect(alive(postmaster)).toBe(false);
}, 60_000);

test("the data outlives a restart, and a server left running by a killed API server is stopped first", async () => {
  const first = await startEmbeddedPostgres(dataDir);
  await query(first.url, "create table kept (n int); insert into kept values (42)");
  // The API server dies without stopping it (SIGKILL): the next start finds it running.
  const second = await startEmbeddedPostgres(dataDir);
  try {
    expect(alive(first.pid)).toBe(false);
    expect(second.pid).not.toBe(first.pid);
    expect(await query(second.url, "select n from kept")).toEqual([{ n: 42 }]);
  } finally {
    await second.stop();
  }
}, 60_000);
