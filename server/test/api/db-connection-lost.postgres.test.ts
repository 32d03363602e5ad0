import { Client } from "pg";
import type { Pool, PoolClient } from "pg";
import { isDatabaseUnavailable } from "../../src/http/db-unavailable";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

/**
 * A connection the server ends while a transaction holds it between two statements (PostgreSQL
 * restarting under load, as test:cluster does) is that transaction's error, never the process's:
 * pg-pool listens for a connection's errors only while it is idle, and an unheard 'error' event
 * ended the API server (a staff scan is a transaction since the card engine).
 */

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.close();
});

it("a connection ended by the server inside a transaction fails that transaction, and the pool serves on", async () => {
  if (!db.url) throw new Error("this file needs PostgreSQL (DATABASE_URL)");
  const pool = (db.database.db as unknown as { $client: Pool }).$client;
  const client: PoolClient = await pool.connect();
  await client.query("begin");
  const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
  const ended = new Promise((resolve) => client.once("end", resolve));

  const admin = new Client({ connectionString: db.url });
  await admin.connect();
  try {
    await admin.query("select pg_terminate_backend($1)", [rows[0]!.pid]);
  } finally {
    await admin.end();
  }
  // The server's word reached the idle connection (an 'error' event, then its end).
  await ended;

  const next = client.query("select 1");
  await expect(next).rejects.toThrow();
  expect(isDatabaseUnavailable(await next.catch((error: unknown) => error))).toBe(true);
  client.release(true);
  const again = await pool.query<{ n: number }>("select 1 as n");
  expect(again.rows[0]!.n).toBe(1);
});
