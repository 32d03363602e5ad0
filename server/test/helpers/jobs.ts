import { sql, type SQL } from "drizzle-orm";
import { JOB_SCHEMA } from "../../src/db/job-queue-schema";

type Query = <T = Record<string, unknown>>(q: SQL) => Promise<T[]>;

const job = sql.raw(`${JOB_SCHEMA}.job`);

/**
 * Delivering a job again, as pg-boss does when the worker that ran it died after the handler
 * committed and before the job was marked done: the job is back to `created`, due now.
 *
 * `keepJobs` copies a queue's jobs as they are now, in pg-boss or still in the outbox (call it
 * before `settle()` for queues that delete their jobs when done, such as mail); `redeliver` puts
 * every kept job, and every job of the queue that completed since, back in the queue. Run
 * `settle()` after it to run them again.
 */
export async function keepJobs(query: Query, queue: string): Promise<number> {
  await keptTables(query);
  await query(sql`delete from test_kept_jobs where name = ${queue}`);
  await query(sql`delete from test_kept_outbox where queue = ${queue}`);
  const rows = await query<{ n: number }>(
    sql`with kept as (insert into test_kept_jobs select * from ${job} where name = ${queue} returning 1),
      outbox as (insert into test_kept_outbox select * from job_outbox where queue = ${queue} returning 1)
      select (select count(*) from kept)::int + (select count(*) from outbox)::int as n`,
  );
  return rows[0]!.n;
}

async function keptTables(query: Query) {
  await query(sql`create table if not exists test_kept_jobs (like ${job})`);
  await query(sql`create table if not exists test_kept_outbox (like job_outbox)`);
}

/** Puts the queue's kept and completed jobs back in the queue (see `keepJobs`); answers how many. */
export async function redeliver(query: Query, queue: string): Promise<number> {
  await keptTables(query);
  // Kept jobs no longer in the queue (deleted when done) come back as they were kept.
  await query(sql`insert into ${job} select k.* from test_kept_jobs k
    where k.name = ${queue} and not exists (select 1 from ${job} j where j.name = k.name and j.id = k.id)`);
  // Kept rows of the outbox whose job is gone (deleted when done): written again, the relay moves them.
  const written = await query<{ id: string }>(sql`insert into job_outbox select k.* from test_kept_outbox k
    where k.queue = ${queue} and not exists (select 1 from ${job} j where j.name = k.queue and j.id = k.id)
    on conflict do nothing returning id`);
  const rows = await query<{ id: string }>(sql`update ${job}
    set state = 'created', started_on = null, completed_on = null, start_after = now() - interval '1 second',
      output = null
    where name = ${queue} and (state = 'completed' or id in (select id from test_kept_jobs where name = ${queue}))
    returning id`);
  return rows.length + written.length;
}

/** A job wherever it is: a row of the outbox not relayed yet (state `outbox`), or pg-boss's job. */
export type QueuedJob = { id: string; name: string; state: string; retry_count: number; data: unknown };

/**
 * The jobs of these queues wherever they are, oldest first (`queues`: names, or LIKE patterns such
 * as `event.%`): rows of our outbox (services/job-outbox.ts) that the relay has not moved yet, then
 * pg-boss's jobs in every state it still holds (completed ones stay an hour). One statement: a
 * relay moving a row meanwhile shows it in one place or the other, never both or neither.
 */
export async function jobsOf(query: Query, queues: string | readonly string[]): Promise<QueuedJob[]> {
  const patterns = sql.param(typeof queues === "string" ? [queues] : [...queues]);
  return query<QueuedJob>(sql`
    select id::text, name, state, retry_count, data from (
      select id, queue as name, 'outbox' as state, 0 as retry_count, data, 0 as place, created_at as created
        from job_outbox where queue like any(${patterns}::text[])
      union all
      select id, name, state::text, retry_count, data, 1, created_on from ${job} where name like any(${patterns}::text[])
    ) j order by place desc, created, id`);
}

/** How many jobs of these queues are waiting (in the outbox or in pg-boss) or running. */
export async function pendingJobs(query: Query, queues: string | readonly string[]): Promise<number> {
  return (await jobsOf(query, queues)).filter((j) => ["outbox", "created", "retry", "active"].includes(j.state)).length;
}
