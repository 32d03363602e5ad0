// CI's backup check (npm run backup:check) (issue 18 point 7): a backup of the embedded database taken while writes go
// on restores into a new database whose every row is a row of the source, whose writes are whole
// (no transaction half in), and which holds some but not all of the writes (it really was taken
// under writes). Uses the same functions as `npm run backup` / `npm run restore` and the API
// server's SIGUSR2 dump (server/src/db/backup.ts). A few seconds; exits non-zero on any mismatch.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { dumpPglite, restorePglite, writeBackup } from "../db/backup";
import { connectPglite } from "../db/client";
import { apiTokens, users } from "../db/schema";
import { seed } from "../db/seed";

const TOKENS_PER_USER = 3;
let done = false;
const fail = (message: string): never => {
  console.error(`backup check FAILED: ${message}`);
  process.exit(1);
};

async function main() {
  const started = Date.now();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "backup-check-"));
  try {
    const source = await connectPglite({ dataDir: path.join(dir, "db") });
    await source.migrate();
    await seed(source.db, { demoUser: true });

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
        // PGlite answers in microtasks: without a turn of the event loop the timers below
        // (and the dump) would never run.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();

    while (written < 20) await new Promise((resolve) => setTimeout(resolve, 5));
    const file = writeBackup(path.join(dir, "backups"), await dumpPglite(source.pglite!));
    const atDump = written;
    while (written < atDump + 20) await new Promise((resolve) => setTimeout(resolve, 5));
    stop = true;
    await writer;

    await restorePglite(file, path.join(dir, "restored"));
    const restored = await PGlite.create(path.join(dir, "restored"));

    // Every table of both (the app's and drizzle's migration journal): each restored row is a row
    // of the source, compared as a whole (jsonb of the row).
    const tables = (
      await restored.query<{ name: string }>(
        `select table_schema || '.' || table_name as name from information_schema.tables
       where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
      )
    ).rows.map((row) => row.name);
    const sourceTables = (
      (await source.db.execute(
        sql`select table_schema || '.' || table_name as name from information_schema.tables
          where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
      )) as unknown as { rows: { name: string }[] }
    ).rows.map((row) => row.name);
    if (tables.join() !== sourceTables.join()) fail(`tables differ: ${tables} vs ${sourceTables}`);

    let checked = 0;
    for (const table of tables) {
      const query = `select to_jsonb(t)::text as row from ${table} t`;
      const mine = (await restored.query<{ row: string }>(query)).rows.map((r) => r.row);
      const theirs = new Set(
        ((await source.db.execute(sql.raw(query))) as unknown as { rows: { row: string }[] }).rows.map((r) => r.row),
      );
      for (const row of mine) if (!theirs.has(row)) fail(`${table}: a restored row is not in the source: ${row}`);
      checked += mine.length;
    }

    // Whole transactions, a prefix of the writes, taken while they went on.
    const writers = (
      await restored.query<{ n: number; tokens: number }>(
        `select substring(u.email from 'writer-(\\d+)@')::int as n, count(t.id)::int as tokens
       from users u left join api_tokens t on t.user_id = u.id
       where u.email like 'writer-%' group by u.id, u.email order by 1`,
      )
    ).rows;
    writers.forEach((w, i) => {
      if (w.n !== i) fail(`the restored writes are not a prefix: write ${i} missing`);
      if (w.tokens !== TOKENS_PER_USER) fail(`write ${w.n} is half restored: ${w.tokens} of ${TOKENS_PER_USER} tokens`);
    });
    if (writers.length < 20 || writers.length >= written) {
      fail(`the backup holds ${writers.length} of ${written} writes: it was not taken while they went on`);
    }
    await restored.close();
    await source.close();
    console.log(
      `backup check: ${checked} rows in ${tables.length} tables restored as in the source; ` +
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
