import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
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
  /**
   * Raw SQL with positional parameters ($1…) over the app's own connection, for pg-boss
   * (services/jobs.ts): it runs its job queue over this instead of a pool of its own. Without
   * `values`, `text` may hold several statements (pg-boss's schema and its locked maintenance).
   */
  executeSql(text: string, values?: unknown[]): Promise<SqlRows>;
  /**
   * `COPY (query) TO STDOUT (FORMAT binary)` of a query with one text column, as a stream of the
   * column's bytes row after row (db/copy-text-column.ts), read as fast as the stream is
   * (back-pressure reaches PostgreSQL through the socket). The query takes no parameters (COPY has
   * none): literals only.
   */
  copyTextColumn(query: string, options?: CopyOptions): Promise<Readable>;
  migrate(): Promise<void>;
  /**
   * Runs `work` while holding the start-up lock, with a `migrate` that works under it: API
   * servers starting at once on one PostgreSQL migrate and seed one after the other (the seed's
   * demo account would else be inserted twice).
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
          await installJobQueue((text, values) => client.query(text, values));
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

/** `DATABASE_URL`'s PostgreSQL, else the embedded PostgreSQL server in `dataDir`. */
export async function connect(config: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (config.databaseUrl) return connectPostgres(config.databaseUrl);
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
