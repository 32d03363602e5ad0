import { sql, type SQL } from "drizzle-orm";
import { JOB_SCHEMA } from "../../src/db/job-queue-schema";

type Query = <T = Record<string, unknown>>(q: SQL) => Promise<T[]>;

const job = sql.raw(`${JOB_SCHEMA}.job`);

/**
 * Delivering a job again, as pg-boss does when the worker that ran it died after the handler
 * committed and before the job was marked done (issue 22): the job is back to `created`, due now.
 *
 * `keepJobs` copies a queue's jobs as they are now (call it before `settle()` for queues that
 * delete their jobs when done, such as mail); `redeliver` puts every kept job, and every job of the
 * queue that completed since, back in the queue. Run `settle()` after it to run them again.
 */
export async function keepJobs(query: Query, queue: string): Promise<number> {
  await query(sql`create table if not exists test_kept_jobs (like ${job})`);
  await query(sql`delete from test_kept_jobs where name = ${queue}`);
  const rows = await query<{ n: number }>(
    sql`with kept as (insert into test_kept_jobs select * from ${job} where name = ${queue} returning 1)
      select count(*)::int as n from kept`,
  );
  return rows[0]!.n;
}

/** Puts the queue's kept and completed jobs back in the queue (see `keepJobs`); answers how many. */
export async function redeliver(query: Query, queue: string): Promise<number> {
  await query(sql`create table if not exists test_kept_jobs (like ${job})`);
  // Kept jobs no longer in the queue (deleted when done) come back as they were kept.
  await query(sql`insert into ${job} select k.* from test_kept_jobs k
    where k.name = ${queue} and not exists (select 1 from ${job} j where j.name = k.name and j.id = k.id)`);
  const rows = await query<{ id: string }>(sql`update ${job}
    set state = 'created', started_on = null, completed_on = null, start_after = now() - interval '1 second',
      output = null
    where name = ${queue} and (state = 'completed' or id in (select id from test_kept_jobs where name = ${queue}))
    returning id`);
  return rows.length;
}

/** How many jobs of the queue are waiting or running. */
export async function pendingJobs(query: Query, queue: string): Promise<number> {
  const rows = await query<{ n: number }>(
    sql`select count(*)::int as n from ${job} where name = ${queue} and state < 'completed'`,
  );
  return rows[0]!.n;
}
