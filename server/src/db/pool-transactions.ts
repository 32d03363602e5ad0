import { sql } from "drizzle-orm";
import { NodePgSession, NodePgTransaction } from "drizzle-orm/node-postgres";
import type { PgTransactionConfig } from "drizzle-orm/pg-core";
import type { Pool, PoolClient } from "pg";

/**
 * drizzle-orm 0.45's node-postgres `transaction()` runs `begin` before the try/finally that
 * releases the pool's client, and releases it as healthy whatever happened: a `begin` that fails
 * (a connection the server ended just as it was checked out, as in a PostgreSQL restart under
 * load) keeps that client checked out for the life of the process, and ten of them leave the API
 * server waiting for a connection forever (drizzle-orm issues #6023, #6241, #6114; open). This
 * replaces the database's `transaction` with the same steps in the right places: the client is
 * always released, and destroyed (release(err)) when `begin`, `commit` or `rollback` failed, so the
 * pool opens a fresh one; the caller sees the error that failed the transaction, not the rollback's.
 * Nested transactions (savepoints) are drizzle's own. Remove once drizzle releases a fix.
 */
export function releasingTransactions<T extends { transaction: unknown }>(db: T, pool: Pool): T {
  const { session } = db as unknown as { session: object };
  const { dialect, schema, options } = session as unknown as {
    dialect: ConstructorParameters<typeof NodePgSession>[1];
    schema: ConstructorParameters<typeof NodePgSession>[2];
    options: ConstructorParameters<typeof NodePgSession>[3];
  };
  const transaction = async <R>(
    work: (tx: NodePgTransaction<never, never>) => Promise<R>,
    config?: PgTransactionConfig,
  ): Promise<R> => {
    const client: PoolClient = await pool.connect();
    const txSession = new NodePgSession(client, dialect, schema, options);
    const tx = new NodePgTransaction<never, never>(dialect, txSession as never, schema as never);
    // Whether the connection may go back to the pool: not after a failed begin, commit or rollback.
    let broken: Error | undefined;
    try {
      try {
        await tx.execute(sql`begin`);
        if (config) await tx.setTransaction(config);
      } catch (error) {
        broken = error as Error;
        throw error;
      }
      let result: R;
      try {
        result = await work(tx);
      } catch (error) {
        await tx.execute(sql`rollback`).catch((rollbackError: Error) => (broken = rollbackError));
        throw error;
      }
      try {
        await tx.execute(sql`commit`);
      } catch (error) {
        broken = error as Error;
        throw error;
      }
      return result;
    } finally {
      client.release(broken);
    }
  };
  Object.assign(db, { transaction });
  return db;
}
