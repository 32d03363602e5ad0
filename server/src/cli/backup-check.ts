// CI's backup check (npm run backup:check): a backup taken while writes go on (the embedded
// PostgreSQL, or PostgreSQL with DATABASE_URL: .ci/run runs both) restores into a new database whose every row is a row of the source, whose writes are whole
// (no transaction half in), and which holds some but not all of the writes (it really was taken
// under writes). Uses the same functions as `npm run backup` / `npm run restore`. A few seconds; exits non-zero on any mismatch.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { runPgTool } from "../db/backup";
import { backupEmbeddedPostgres, restoreEmbeddedPostgres } from "../db/base-backup";
import { connect, connectPostgres, type Database } from "../db/client";
import { apiTokens, users } from "../db/schema";
import { seed } from "../seed";

const TOKENS_PER_USER = 3;
let done = false;
const fail = (message: string): never => {
  console.error(`backup check FAILED: ${message}`);
  process.exit(1);
};

type Rows = (text: string) => Promise<Record<string, unknown>[]>;
const rowsOf =
  (db: Database): Rows =>
  async (text) =>
    ((await db.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows;

/** A backup of `source` taken now, restored into a new database: answers how to read it. */
type BackupAndRestore = (source: Database) => Promise<{ take(): Promise<void>; restore(): Promise<Database> }>;

/** PostgreSQL (DATABASE_URL): pg_dump's custom format and pg_restore, as `npm run backup` runs them. */
const postgres =
  (dir: string, target: URL): BackupAndRestore =>
  async () => {
    const file = path.join(dir, "backup.dump");
    const restored = new URL(target);
    restored.pathname = "/backup_check_restored";
    return {
      take: () => runPgTool("pg_dump", ["--format=custom", "--no-owner", `--file=${file}`, `--dbname=${target}`]),
      restore: async () => {
        await runPgTool("pg_restore", ["--no-owner", "--single-transaction", `--dbname=${restored}`, file]);
        return connectPostgres(restored.toString());
      },
    };
  };

/**
 * The embedded PostgreSQL: the base backup `npm run backup` takes from the running server (the
 * source's, started by `connect` as the API server starts it), restored by `npm run restore`'s
 * function into a new $DATA_DIR and started there.
 */
const embeddedPostgres =
  (dir: string): BackupAndRestore =>
  async () => {
    let backup = "";
    return {
      take: async () => {
        backup = await backupEmbeddedPostgres(path.join(dir, "source"));
      },
      restore: async () => {
        await restoreEmbeddedPostgres(backup, path.join(dir, "restored"));
        return connect({ dataDir: path.join(dir, "restored") });
      },
    };
  };

/** Fresh databases on the PostgreSQL server of DATABASE_URL: the source and the restore's target. */
async function freshPostgres(url: string): Promise<URL> {
  const admin = connectPostgres(url);
  for (const name of ["backup_check_source", "backup_check_restored"]) {
    await admin.db.execute(sql.raw(`drop database if exists ${name}`));
    await admin.db.execute(sql.raw(`create database ${name}`));
  }
  await admin.close();
  const source = new URL(url);
  source.pathname = "/backup_check_source";
  return source;
}

async function main() {
  const started = Date.now();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "backup-check-"));
  // As root the embedded PostgreSQL runs as the user postgres, which must pass through (mkdtemp: 700).
  fs.chmodSync(dir, 0o711);
  const url = process.env.DATABASE_URL;
  try {
    const sourceUrl = url ? await freshPostgres(url) : undefined;
    const source = sourceUrl
      ? connectPostgres(sourceUrl.toString())
      : await connect({ dataDir: path.join(dir, "source") });
    await source.migrate();
    await seed(source.db, { demoUser: true });
    const backup = await (sourceUrl ? postgres(dir, sourceUrl) : embeddedPostgres(dir))(source);

    // Writes in transactions: a user and its tokens, all or nothing.
    let written = 0;
    let stop = false;
    const writer = (async () => {
      while (!stop) {
        const n = written;
        await source.db.transaction(async (tx) => {
          const [user] = await tx
            .insert(users)
            .values({ name: `Writer ${n}`, email: `writer-${n}@example.com`, passwordHash: "x" })
            .returning({ id: users.id });
          for (let i = 0; i < TOKENS_PER_USER; i++) {
            await tx.insert(apiTokens).values({ userId: user!.id, tokenHash: `writer-${n}-${i}` });
          }
        });
        written++;
      }
    })();

    while (written < 20) await new Promise((resolve) => setTimeout(resolve, 5));
    await backup.take();
    const atDump = written;
    while (written < atDump + 20) await new Promise((resolve) => setTimeout(resolve, 5));
    stop = true;
    await writer;

    const restoredDb = await backup.restore();
    const restored = rowsOf(restoredDb);
    const original = rowsOf(source);

    // Every table of both (the app's and drizzle's migration journal): each restored row is a row
    // of the source, compared as a whole (jsonb of the row).
    const listTables = `select table_schema || '.' || table_name as name from information_schema.tables
       where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`;
    const tables = (await restored(listTables)).map((row) => String(row.name));
    const sourceTables = (await original(listTables)).map((row) => String(row.name));
    if (tables.join() !== sourceTables.join()) fail(`tables differ: ${tables} vs ${sourceTables}`);

    let checked = 0;
    for (const table of tables) {
      const query = `select to_jsonb(t)::text as row from ${table} t`;
      const mine = (await restored(query)).map((r) => String(r.row));
      const theirs = new Set((await original(query)).map((r) => String(r.row)));
      for (const row of mine) if (!theirs.has(row)) fail(`${table}: a restored row is not in the source: ${row}`);
      checked += mine.length;
    }

    // Whole transactions, a prefix of the writes, taken while they went on.
    const writers = (await restored(
      `select substring(u.email from 'writer-(\\d+)@')::int as n, count(t.id)::int as tokens
       from users u left join api_tokens t on t.user_id = u.id
       where u.email like 'writer-%' group by u.id, u.email order by 1`,
    )) as { n: number; tokens: number }[];
    writers.forEach((w, i) => {
      if (w.n !== i) fail(`the restored writes are not a prefix: write ${i} missing`);
      if (w.tokens !== TOKENS_PER_USER) fail(`write ${w.n} is half restored: ${w.tokens} of ${TOKENS_PER_USER} tokens`);
    });
    if (writers.length < 20 || writers.length >= written) {
      fail(`the backup holds ${writers.length} of ${written} writes: it was not taken while they went on`);
    }
    await restoredDb.close();
    await source.close();
    console.log(
      `backup check (${sourceUrl ? "PostgreSQL" : "embedded PostgreSQL"}): ${checked} rows in ${tables.length} tables restored as in the source; ` +
        `${writers.length} of ${written} concurrent writes whole; ${Date.now() - started} ms`,
    );
    done = true;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// A wait that can never end (a lock taken twice) drains the event loop: that is a failure too.
process.on("exit", (code) => {
  if (code === 0 && !done) {
    console.error("backup check FAILED: it stopped before its end");
    process.exitCode = 1;
  }
});
main().catch((err: unknown) => fail(err instanceof Error ? (err.stack ?? err.message) : String(err)));
