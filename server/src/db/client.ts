import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { Client, escapeIdentifier, Pool } from "pg";
import * as schema from "./schema";
import { copyTextColumn, type CopyOptions } from "./copy-text-column";
import { startEmbeddedPostgres } from "./embedded-postgres";
import { installJobQueue } from "./job-queue-schema";
import { releasingTransactions } from "./pool-transactions";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A result of raw SQL: the rows of the (last) statement. */
export type SqlRows = { rows: Record<string, unknown>[] };

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * Raw SQL with positional parameters ($1…) over the app's own connection, for pg-boss
   * (services/jobs.ts): it runs its job queue over this instead of a pool of its own. Without
   * `values`, `text` may hold several statements (pg-boss's schema and its locked maintenance).
   */
  executeSql(text: string, values?: unknown[]): Promise<SqlRows>;
  /**
   * PostgreSQL only: `COPY (query) TO STDOUT (FORMAT binary)` of a query with one text column, as
   * a stream of the column's bytes row after row (db/copy-text-column.ts), read as fast as the
   * stream is (back-pressure reaches PostgreSQL through the socket). The query takes no parameters
   * (COPY has none): literals only. Undefined on the embedded database (db/copy-text-column.ts).
   */
  copyTextColumn?(query: string, options?: CopyOptions): Promise<Readable>;
  /** The embedded database's one connection (backups dump through it: db/backup.ts). */
  pglite?: PGlite;
  migrate(): Promise<void>;
  /**
   * Runs `work` while holding the start-up lock, with a `migrate` that works under it: API
   * servers starting at once on one PostgreSQL migrate and seed one after the other (the seed's
   * demo account would else be inserted twice). The embedded database has one process: no lock.
   */
  atStartup<T>(work: (locked: { db: Db; migrate(): Promise<void> }) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * LISTEN on a channel (NOTIFY from any connection, on any API instance): `onMessage` gets each
   * payload. Resolves once listening; the returned function stops.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
};

/** server/migrations, from src/db (dev, tests) and from dist (the built server) alike. */
export function migrationsFolder(): string {
  const candidates = [
    path.resolve(__dirname, "../../migrations"),
    path.resolve(__dirname, "../migrations"),
    path.resolve(process.cwd(), "server/migrations"),
  ];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, "meta/_journal.json")));
  if (!found) throw new Error("Migrations folder not found (server/migrations)");
  return found;
}

// One lock id for "migrations running": several API instances may start at once on PostgreSQL.
const MIGRATION_LOCK = 72_114_001;

/**
 * No statement runs longer than this on PostgreSQL: a slow query is cancelled (the API answers
 * 503) instead of holding a connection and the client. Every request's statement is short by
 * design (indexed, paged; the export's COPY has a limit of its own); migrations run without it.
 */
export const STATEMENT_TIMEOUT_MS = 15_000;

export function connectPostgres(url: string, options: { statementTimeoutMs?: number } = {}): Database {
  const pool = new Pool({
    connectionString: url,
    max: 10,
    statement_timeout: options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS,
  });
  // An idle connection that the server closes (a restart, a failover, an administrator) is an
  // 'error' event on the pool; unhandled, it would crash the process. The pool drops that
  // connection and opens a new one for the next query, so there is nothing else to do.
  pool.on("error", (err) => console.warn(`[db] idle connection closed by the server: ${err.message}`));
  // The same on a connection checked out of the pool (a transaction between two statements):
  // pg-pool listens only while it is idle, and an unheard 'error' would end the process. The
  // transaction's next statement fails ("not queryable": a 503) and the pool drops the connection.
  pool.on("connect", (client) =>
    client.on("error", (err) => console.warn(`[db] connection closed by the server: ${err.message}`)),
  );
  // Transactions release (or, when their connection failed, destroy) the pool's client whatever
  // happens: drizzle's own keep it when `begin` fails (db/pool-transactions.ts).
  const db = releasingTransactions(drizzlePg(pool, { schema }), pool) as unknown as Db;
  // The lock belongs to one connection: everything done under it runs on that connection.
  async function atStartup<T>(work: (locked: { db: Db; migrate(): Promise<void> }) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      // Migrating (building an index on a big table) and seeding may take longer than a request's
      // statement may: no limit on this connection while it holds the lock.
      await client.query("set statement_timeout = 0");
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
      const locked = drizzlePg(client, { schema });
      return await work({
        db: locked as unknown as Db,
        migrate: async () => {
          await migratePg(locked, { migrationsFolder: migrationsFolder() });
          await installJobQueue((text) => client.query(text));
        },
      });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
      await client.query("reset statement_timeout").catch(() => {});
      client.release();
    }
  }
  return {
    db,
    kind: "postgres",
    executeSql: (text, values) => pool.query(text, values),
    migrate: () => atStartup((locked) => locked.migrate()),
    atStartup,
    copyTextColumn: (query, options) => copyTextColumn(pool, query, options),
    async ping() {
      await db.execute(sql`select 1`);
    },
    async listen(channel, onMessage) {
      // A connection of its own (LISTEN holds it), opened again after the server drops it.
      let stopped = false;
      let client: Client | null = null;
      const connect = async (): Promise<void> => {
        const c = new Client({ connectionString: url });
        c.on("notification", (n) => {
          if (n.channel === channel && n.payload !== undefined) onMessage(n.payload);
        });
        c.on("error", (err) => {
          console.warn(`[db] listen connection lost: ${err.message}`);
          c.end().catch(() => {});
          if (!stopped) setTimeout(() => void connect().catch(() => {}), 1000).unref();
        });
        await c.connect();
        await c.query(`listen ${escapeIdentifier(channel)}`);
        client = c;
      };
      await connect();
      return async () => {
        stopped = true;
        await client?.end().catch(() => {});
      };
    },
    close: () => pool.end(),
  };
}

/**
 * The extensions the schema needs, for every embedded database (the customer directory's trigram
 * search index, issue 16). PGlite loads an extension only when it is passed here.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * PostgreSQL's shared buffers in the embedded database. PGlite's default (128 MB) is allocated and
 * touched when it opens, inside the API server's own process: 16 MB keeps the server within its
 * memory budget (≤ 350 MB RSS, issue 17 §2) and is plenty for one business's working set.
 */
export const PGLITE_SHARED_BUFFERS = "16MB";

/** Opens (or creates) an embedded database with the server's settings and extensions. */
export function openPglite(dataDir?: string): Promise<PGlite> {
  return PGlite.create({
    dataDir,
    extensions: PGLITE_EXTENSIONS,
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
}

/** Embedded Postgres. `dataDir` undefined means in memory; `pglite` lets tests pass a clone. */
export async function connectPglite(options: { dataDir?: string; pglite?: PGlite }): Promise<Database> {
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = options.pglite ?? (await openPglite(options.dataDir));
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  // PGlite's `query` takes one statement (extended protocol); `exec` takes several, without values.
  const executeSql = async (text: string, values?: unknown[]): Promise<SqlRows> => {
    if (values && values.length > 0) return client.query(text, values);
    const results = await client.exec(text);
    return results.at(-1) ?? { rows: [] };
  };
  const migrate = async () => {
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsFolder() });
    await installJobQueue(executeSql);
  };
  return {
    db,
    kind: "pglite",
    pglite: client,
    executeSql,
    migrate,
    atStartup: (work) => work({ db, migrate }),
    async ping() {
      await client.query("select 1");
    },
    async listen(channel, onMessage) {
      // PGlite delivers NOTIFY in-process, on commit, as PostgreSQL does.
      const stop = await client.listen(channel, onMessage);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: () => client.close(),
  };
}

export async function connect(config: {
  databaseUrl?: string;
  dataDir: string;
  embeddedDatabase?: "postgres" | "pglite";
}): Promise<Database> {
  if (config.databaseUrl) return connectPostgres(config.databaseUrl);
  if (config.embeddedDatabase === "pglite") return connectPglite({ dataDir: path.join(config.dataDir, "db") });
  // The embedded PostgreSQL server: the app uses it as any PostgreSQL, and stops it when it closes.
  const server = await startEmbeddedPostgres(config.dataDir);
  const database = connectPostgres(server.url);
  return {
    ...database,
    async close() {
      await database.close().catch(() => {});
      await server.stop();
    },
  };
}
