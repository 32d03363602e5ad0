import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { SQL } from "drizzle-orm";
import { Client } from "pg";
import { connectPostgres, type Database } from "../../src/db/client";
import { embeddedUrl, startEmbeddedPostgres, type EmbeddedServer } from "../../src/db/embedded-postgres";
import { seedReferenceLists } from "../../src/seed/reference-lists";

/**
 * Test databases, fast and isolated.
 *
 * One migrated template is built per Jest run (global-setup.ts), and every test file gets its own
 * copy of it:
 *
 * - Embedded PostgreSQL (default, as the API server's): the global setup starts one server for
 *   the run (`startEmbeddedPostgres` in a temporary $DATA_DIR) and sets DATABASE_URL to it; from
 *   there on it is the PostgreSQL case below. The teardown stops it.
 * - PostgreSQL (DATABASE_URL set): the template is the database `loyalty_test_template`, dropped and
 *   re-created and migrated at the start of the run. A test file runs
 *   `CREATE DATABASE loyalty_test_f_… TEMPLATE loyalty_test_template` and drops it at the end.
 */

export const PG_TEMPLATE_DB = "loyalty_test_template";
export const PG_TEST_DB_PREFIX = "loyalty_test_f_";
/** Set to 1 to print how long the template build and each clone take. */
export const TIMINGS_ENV = "LOYALTY_TEST_TIMINGS";

export type TestDatabase = {
  /** The database's URL, for another process (a worker) to connect to. */
  url: string;
  database: Database;
  /**
   * A second, independent connection to the same database, as a second API instance would have.
   * A new connection pool (with `statementTimeoutMs` when given).
   */
  connectAgain(options?: { statementTimeoutMs?: number }): Promise<Database>;
  /** Raw SQL for assertions and for simulating time (expired codes, a passed minute). */
  query<T = Record<string, unknown>>(query: SQL): Promise<T[]>;
  close(): Promise<void>;
};

export const adminUrl = () => process.env.DATABASE_URL || undefined;

/** The run's embedded server (global setup and teardown run in the same process). */
const EMBEDDED = "__loyaltyTestEmbeddedPostgres";
type Embedded = { server: EmbeddedServer; dir: string };

/** Starts the run's embedded PostgreSQL and points DATABASE_URL (workers inherit it) at it. */
async function startEmbedded(): Promise<string> {
  const startedAt = Date.now();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "loyalty-test-pg-"));
  // As root the server runs as the user postgres, which must pass through (mkdtemp makes it 700).
  fs.chmodSync(dir, 0o711);
  const server = await startEmbeddedPostgres(dir);
  (globalThis as Record<string, unknown>)[EMBEDDED] = { server, dir } satisfies Embedded;
  const url = embeddedUrl(dir, "postgres")!;
  process.env.DATABASE_URL = url;
  logTiming("embedded PostgreSQL (initdb + start)", startedAt);
  return url;
}

/** The same server URL with another database name. */
export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

const quoteIdent = (name: string) => {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unexpected database name ${name}`);
  return `"${name}"`;
};

async function withAdmin<T>(url: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const logTiming = (what: string, startedAt: number) => {
  if (process.env[TIMINGS_ENV] === "1") {
    process.stderr.write(`[test db] ${what}: ${Date.now() - startedAt} ms\n`);
  }
};

/** Builds the run's template (global setup). Answers what the teardown needs to remove. */
export async function buildTemplate(): Promise<{ location: string }> {
  const startedAt = Date.now();
  const url = adminUrl() ?? (await startEmbedded());
  await withAdmin(url, async (admin) => {
    await admin.query(`drop database if exists ${quoteIdent(PG_TEMPLATE_DB)} with (force)`);
    // Clones left by an interrupted run (one test run per database server at a time).
    const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like $1", [
      `${PG_TEST_DB_PREFIX}%`,
    ]);
    for (const { datname } of rows) {
      await admin.query(`drop database if exists ${quoteIdent(datname)} with (force)`);
    }
    await admin.query(`create database ${quoteIdent(PG_TEMPLATE_DB)}`);
  });
  const template = connectPostgres(withDatabaseName(url, PG_TEMPLATE_DB));
  try {
    await template.migrate();
    await seedReferenceLists(template.db);
  } finally {
    // CREATE DATABASE … TEMPLATE needs the template to have no open connections.
    await template.close();
  }
  logTiming("PostgreSQL template (create + migrate)", startedAt);
  return { location: PG_TEMPLATE_DB };
}

/** Removes the run's template (global teardown). */
export async function dropTemplate(): Promise<void> {
  const url = adminUrl();
  const embedded = (globalThis as Record<string, unknown>)[EMBEDDED] as Embedded | undefined;
  if (embedded) {
    await embedded.server.stop();
    fs.rmSync(embedded.dir, { recursive: true, force: true });
    return;
  }
  if (url) {
    await withAdmin(url, (admin) => admin.query(`drop database if exists ${quoteIdent(PG_TEMPLATE_DB)} with (force)`));
  }
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A fresh copy of the migrated template, for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const startedAt = Date.now();
  const url = adminUrl();
  if (!url) throw new Error("DATABASE_URL is not set: API tests need the global setup (npm run test:api)");
  const name = `${PG_TEST_DB_PREFIX}${process.pid}_${randomBytes(4).toString("hex")}`;
  await withAdmin(url, (admin) =>
    admin.query(`create database ${quoteIdent(name)} template ${quoteIdent(PG_TEMPLATE_DB)}`),
  );
  const testUrl = withDatabaseName(url, name);
  const database = connectPostgres(testUrl);
  const extra: Database[] = [];
  logTiming("PostgreSQL clone", startedAt);
  return {
    url: testUrl,
    database,
    async connectAgain(options) {
      const again = connectPostgres(testUrl, options);
      extra.push(again);
      return again;
    },
    query: async (query) => rowsOf(await database.db.execute(query)),
    async close() {
      await Promise.all([database, ...extra].map((d) => d.close().catch(() => {})));
      await withAdmin(url, (admin) => admin.query(`drop database if exists ${quoteIdent(name)} with (force)`));
    },
  };
}
