import { sql, type SQL } from "drizzle-orm";
import type PgBoss from "pg-boss";
import type { Database, Db, SqlRows } from "../db/client";
import { jobOutbox } from "../db/schema";

/**
 * The job outbox (db/schema/jobs.ts `job_outbox`): jobs are rows of our own table, written in the
 * transaction of the change that causes them; the relay moves them to pg-boss through its public
 * API (`insert`), so nothing but pg-boss writes pg-boss's tables.
 */

/** A job as the outbox holds it, with its queue's retry options (services/jobs.ts). */
export type RetryOptions = { retryLimit: number; retryDelay: number; retryBackoff: boolean; expireInSeconds: number };

/** Writes one job row with `tx`; a row with the same id already there is left as it is. */
export async function writeOutbox(
  tx: Db,
  job: { id: string; queue: string; data: unknown; startAfterSeconds?: number },
): Promise<void> {
  await tx
    .insert(jobOutbox)
    .values({
      id: job.id,
      queue: job.queue,
      data: job.data ?? {},
      ...(job.startAfterSeconds && { startAfter: sql`now() + ${job.startAfterSeconds} * interval '1 second'` }),
    })
    .onConflictDoNothing();
}

/**
 * The same rows as an `insert … select` for a statement that makes the change itself: `rows` has
 * the columns `queue`, `id` (uuid) and `data` (jsonb); rows of other queues than `queueNames` are
 * left out. Answers (`returning`) the queue `name` of each row written.
 */
export function outboxInsertSql(rows: SQL, queueNames: readonly string[]): SQL {
  return sql`insert into job_outbox (id, queue, data)
    select j.id, j.queue, j.data from (${rows}) j
    where j.queue = any(array[${sql.join(
      queueNames.map((name) => sql`${name}::text`),
      sql`, `,
    )}])
    on conflict (id) do nothing
    returning queue as name`;
}

/**
 * pg-boss's `db` over a drizzle transaction (or the plain `Db`): its `$n` placeholders become
 * drizzle parameters, so its statements run on the transaction's own connection.
 */
export function executorOf(tx: Db): { executeSql(text: string, values?: unknown[]): Promise<SqlRows> } {
  return {
    async executeSql(text, values = []) {
      const chunks: SQL[] = text
        .split(/\$(\d+)/)
        .map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1] ?? null)}`));
      return (await tx.execute(sql.join(chunks))) as unknown as SqlRows;
    },
  };
}

/** Rows moved per transaction. */
const RELAY_BATCH = 200;
/** The advisory lock a relay holds: one relay at a time across instances keeps each queue's order. */
const RELAY_LOCK = 72_114_018;

type Claimed = { id: string; queue: string; data: unknown; start_after: string | null };

export type Relay = {
  /**
   * Moves every row of these queues to pg-boss, oldest first, in transactions of up to
   * `RELAY_BATCH` rows (of each queue, the rows one transaction wrote): each claims its rows (deleted here) and inserts them as jobs, or does neither. Runs one
   * at a time per process: a call while one runs is served by one more run after it, shared with
   * every other call meanwhile. Answers the names of the queues that got jobs.
   */
  run(): Promise<string[]>;
  /** The same, only when the outbox holds a row (one query when it does not: the polling timer). */
  runIfAny(): Promise<string[]>;
};

/**
 * The relay. `queues` tells the queues it may move now (declared here and created in pg-boss:
 * pg-boss drops a job of a queue it does not have), with each one's retry options; rows of other
 * queues wait for an instance that has them.
 */
export function createRelay(
  database: Pick<Database, "db">,
  boss: Pick<PgBoss, "insert">,
  queues: () => Map<string, RetryOptions>,
): Relay {
  /**
   * One transaction: claims the oldest rows and inserts them as pg-boss jobs. It runs only while
   * holding the relay lock, taken at once or not at all: pg-boss orders jobs by the start of the
   * transaction that inserted them, then by id, so a relay must start after the one before it took
   * the lock, which a transaction that waited for the lock would not (it started before). Without
   * the lock, it waits for that relay to end, then starts a new transaction.
   */
  async function moveBatch(options: Map<string, RetryOptions>): Promise<Claimed[]> {
    for (;;) {
      const moved = await database.db.transaction(async (tx) => {
        const { rows: lock } = (await tx.execute(
          sql`select pg_try_advisory_xact_lock(${RELAY_LOCK}) as got`,
        )) as unknown as { rows: { got: boolean }[] };
        if (!lock[0]?.got) return null;
        // Of each queue, only the rows of its oldest transaction in the window: jobs moved together
        // share pg-boss's created_on and run in the order of their ids, which only rows written
        // together are in (a child's id is derived, not ordered).
        const { rows } = (await tx.execute(sql`delete from job_outbox where id in (
            select id from (
              select id, created_at, min(created_at) over (partition by queue) as first from (
                select id, queue, created_at from job_outbox
                where queue = any(${sql.param([...options.keys()])}::text[])
                order by created_at, id limit ${RELAY_BATCH} for update skip locked) w
            ) c where created_at = first)
          returning id, queue, data,
            to_char(start_after at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as start_after`)) as unknown as {
          rows: Claimed[];
        };
        if (rows.length === 0) return rows;
        const jobs: PgBoss.JobInsert[] = rows.map((row) => ({
          id: row.id,
          name: row.queue,
          data: row.data as object,
          ...options.get(row.queue)!,
          ...(row.start_after && { startAfter: row.start_after }),
        }));
        await boss.insert(jobs, { db: executorOf(tx) });
        return rows;
      });
      if (moved) return moved;
      // A statement of its own: the lock is taken once the other relay ends, and let go at once.
      await database.db.execute(sql`select pg_advisory_xact_lock(${RELAY_LOCK})`);
    }
  }

  async function moveAll(): Promise<string[]> {
    const options = queues();
    const moved = new Set<string>();
    if (options.size === 0) return [];
    for (;;) {
      const rows = await moveBatch(options);
      for (const row of rows) moved.add(row.queue);
      if (rows.length === 0) return [...moved];
    }
  }

  let running: Promise<string[]> | null = null;
  let next: Promise<string[]> | null = null;
  function run(): Promise<string[]> {
    if (next) return next;
    const start = () => {
      next = null;
      running = moveAll().finally(() => {
        running = null;
      });
      return running;
    };
    if (!running) return start();
    next = running.then(start, start);
    return next;
  }

  return {
    run,
    async runIfAny() {
      const names = [...queues().keys()];
      if (names.length === 0) return [];
      const { rows } = (await database.db.execute(
        sql`select exists (select 1 from job_outbox where queue = any(${sql.param(names)}::text[])) as any`,
      )) as unknown as { rows: { any: boolean }[] };
      return rows[0]?.any ? run() : [];
    },
  };
}
