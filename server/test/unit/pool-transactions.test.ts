import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { Pool } from "pg";
import { releasingTransactions } from "../../src/db/pool-transactions";

/**
 * A pool whose one client answers every statement, except those `fail` names, and records what it
 * ran and how it was given back (release(err) destroys it in pg-pool).
 */
function fakePool(fail: string[] = []) {
  const ran: string[] = [];
  const released: (Error | boolean | undefined)[] = [];
  const client = {
    async query(query: string | { text: string }) {
      const text = typeof query === "string" ? query : query.text;
      ran.push(text);
      if (fail.includes(text)) throw new Error(`Connection terminated unexpectedly (${text})`);
      return { rows: [], rowCount: 0, fields: [], command: "" };
    },
    release: (err?: Error | boolean) => released.push(err),
  };
  class FakePool extends Pool {
    override connect = (async () => client) as unknown as Pool["connect"];
  }
  const pool = new FakePool();
  const db = releasingTransactions(drizzle(pool), pool);
  return { db, ran, released };
}

describe("transactions on the PostgreSQL pool (db/pool-transactions.ts)", () => {
  it("gives the client back, destroyed, when begin fails (drizzle's own kept it checked out)", async () => {
    const { db, ran, released } = fakePool(["begin"]);
    let worked = false;
    await expect(db.transaction(async () => void (worked = true))).rejects.toThrow("Failed query: begin");
    expect(worked).toBe(false);
    expect(ran).toEqual(["begin"]);
    expect(released).toHaveLength(1);
    expect(released[0]).toBeInstanceOf(Error);
  });

  it("commits and gives a healthy client back", async () => {
    const { db, ran, released } = fakePool();
    await expect(db.transaction(async (tx) => (await tx.execute(sql`select 1`), "done"))).resolves.toBe("done");
    expect(ran).toEqual(["begin", "select 1", "commit"]);
    expect(released).toEqual([undefined]);
  });

  it("rolls back on the work's error, answers that error and keeps the client", async () => {
    const { db, ran, released } = fakePool();
    await expect(
      db.transaction(async () => {
        throw new Error("the card is not yours");
      }),
    ).rejects.toThrow("the card is not yours");
    expect(ran).toEqual(["begin", "rollback"]);
    expect(released).toEqual([undefined]);
  });

  it("answers the work's error, not the rollback's, and destroys a client whose rollback failed", async () => {
    const { db, released } = fakePool(["select 1", "rollback"]);
    await expect(db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow("Failed query: select 1");
    expect(released[0]).toBeInstanceOf(Error);
  });

  it("destroys the client when commit fails", async () => {
    const { db, released } = fakePool(["commit"]);
    await expect(db.transaction(async () => "x")).rejects.toThrow("Failed query: commit");
    expect(released[0]).toBeInstanceOf(Error);
  });
});
