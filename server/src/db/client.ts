import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { Client, escapeIdentifier, Pool } from "pg";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
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

export function connectPostgres(url: string): Database {
  const pool = new Pool({ connectionString: url, max: 10 });
  // An idle connection that the server closes (a restart, a failover, an administrator) is an
  // 'error' event on the pool; unhandled, it would crash the process. The pool drops that
  // connection and opens a new one for the next query, so there is nothing else to do.
  pool.on("error", (err) => console.warn(`[db] idle connection closed by the server: ${err.message}`));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsFolder() });
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
        client.release();
      }
    },
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

/** Embedded Postgres. `dataDir` undefined means in memory; `pglite` lets tests pass a clone. */
export async function connectPglite(options: { dataDir?: string; pglite?: PGlite }): Promise<Database> {
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = options.pglite ?? (await PGlite.create(options.dataDir));
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsFolder() });
    },
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

export async function connect(config: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (config.databaseUrl) return connectPostgres(config.databaseUrl);
  return connectPglite({ dataDir: path.join(config.dataDir, "db") });
}
