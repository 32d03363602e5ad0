import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { sql, type SQL } from "drizzle-orm";
import PgBoss from "pg-boss";
import { v5 as uuidv5 } from "uuid";
import type { Database, Db, SqlRows } from "../db/client";
import { JOB_SCHEMA } from "../db/job-queue-schema";

/**
 * Durable background work (issue 17 §4): pushes, wallet pass updates and mails leave the request.
 *
 * The request writes a job row in its own transaction (`enqueue(tx, …)`, the outbox): the job
 * exists exactly when the stamp or message it belongs to was committed. Workers in every API
 * instance take jobs with `FOR UPDATE SKIP LOCKED` (pg-boss), so each job runs on one instance,
 * and a job whose instance died mid-send is taken again once it expires. A failing job is retried
 * with exponential backoff, then given up with one log line ("job given up") and kept as `failed`.
 *
 * pg-boss delivers at least once: a handler may run again after it committed (its worker died
 * before the job was marked done). Handlers key their effects in `job_effects` (effects.ts), and
 * jobs made by jobs take ids derived from their parent's (`childJobId`), so a rerun repeats nothing.
 *
 * pg-boss runs over the app's own connection pool (`Database.executeSql`); its schema is installed
 * with the app's migrations (db/job-queue-schema.ts).
 */

type Log = {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

/** What a handler knows about its job besides the payload. */
export type JobInfo = { id: string; queue: string; /** 1 for the first run. */ attempt: number; lastAttempt: boolean };
export type JobHandler<T> = (payload: T, job: JobInfo) => Promise<unknown>;

export type WorkOptions = {
  /** Retries after the first failure (so `retryLimit + 1` attempts in all). */
  retryLimit?: number;
  /** Jobs whose instance died (or a handler that hangs) are taken again after this long. */
  expireInSeconds?: number;
  /** Jobs one worker takes at once (run one after the other). */
  batchSize?: number;
  /**
   * Delete the job once done or given up instead of keeping it (mails: the payload may hold a
   * one-time code, which the database must not keep in clear longer than needed).
   */
  forget?: boolean;
};

export type EnqueueOptions = {
  startAfterSeconds?: number;
  /**
   * The job's id, for a job that a job makes (the next page of a chain, a push of a page):
   * `childJobId(parent, key)`, so that a parent run twice writes the same job, not a second one
   * (pg-boss ignores an id it holds; effects.ts covers the time after it archived the job).
   */
  id?: string;
};

/** A queue with its payload type: `enqueue` writes a job in the caller's transaction. */
export type JobQueue<T> = {
  name: string;
  enqueue(tx: Db, payload: T, options?: EnqueueOptions): Promise<void>;
};

export type JobsOptions = {
  /** Run workers in this process (default true). Off: jobs only run through `drain()` (tests). */
  workers?: boolean;
  /** How often an idle worker looks for jobs (default 2 s; pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
  /** First retry delay; doubles with each retry, with jitter (default 5 s: 5, 10, 20, 40, 80 s). */
  retryDelaySeconds?: number;
  /** Backoff on (default). Tests turn it off with a delay of 0 to retry at once. */
  retryBackoff?: boolean;
  /** How often (at most, across instances) jobs whose worker died are found and retried (default 60 s). */
  maintenanceIntervalSeconds?: number;
};

export type Jobs = {
  /** Declares a queue and its handler (any time; before `start()` is the rule). */
  work<T>(name: string, handler: JobHandler<T>, options?: WorkOptions): JobQueue<T>;
  /** A job for a declared queue, written with `tx` (the caller's transaction, or `app.db`). */
  enqueue<T>(tx: Db, name: string, payload: T): Promise<void>;
  /**
   * The same jobs as an `insert … select` for a statement that makes the change itself (the
   * write of every card change, loyalty/engine/apply.ts): one job per row of `rows`, a query with
   * the columns `queue` (a declared queue's name), `id` (uuid) and `data` (jsonb). The rows are
   * written exactly as `enqueue` writes them (pg-boss's job table, this queue's retry options).
   * These are hand-written rows in pg-boss's table: pg-boss is pinned to one exact version, and
   * exactly-once.test.ts compares every column with a row of pg-boss's own `send`. It answers
   * (`returning`) the queue `name` of each job written: tell `written()` once the statement ran.
   */
  insertSql(rows: SQL, queueNames: string[]): SQL;
  /** These queues got jobs from an `insertSql` statement: `kick()` wakes their workers. */
  written(queueNames: readonly string[]): void;
  /** Resolves once these queues exist in the database (a queue declared after `start()`). */
  ready(queueNames: string[]): Promise<void>;
  /**
   * Runs `handler` on a cron schedule (UTC), on one instance each time however many run:
   * pg-boss's timekeeper takes a database lock per minute, and the job it sends is a singleton.
   */
  schedule(name: string, cron: string, handler: JobHandler<Record<string, never>>, options?: WorkOptions): void;
  start(): Promise<void>;
  /** Wakes this instance's workers for the queues that got jobs since the last call. */
  kick(): void;
  /**
   * Runs every job that is due, here and now, until none is left (including jobs those jobs
   * enqueue), and waits for the ones other workers hold: `app.settle()` in tests.
   */
  drain(): Promise<void>;
  stop(): Promise<void>;
};

type Queue = {
  name: string;
  handler: JobHandler<unknown>;
  options: Required<Omit<WorkOptions, "forget">> & { forget: boolean };
  /** Created in the database (and its worker started) once `start()` ran. */
  ready: Promise<void> | null;
  workerId: string | null;
};

/** Queue names go into SQL as literals (createQueues): letters, digits, dots, dashes, underscores. */
const QUEUE_NAME = /^[\w.-]+$/;
/** The advisory lock id held while queues are created. */
const CREATE_QUEUES_LOCK = 72_114_017;

const DEFAULTS = { retryLimit: 5, expireInSeconds: 120, batchSize: 5 };

/**
 * pg-boss's `db` over a drizzle transaction (or the plain `Db`): its `$n` placeholders become
 * drizzle parameters, so the job row is written on the transaction's own connection.
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

/** The namespace of derived job ids (a fixed random UUID: ids are this app's own). */
const CHILD_JOB_NAMESPACE = "4f1d3c52-6a0e-4f5b-9a57-2b8e0f4c7d11";

/**
 * The id of the job that job `parentId` makes for `key` (a page, a target): the same every time
 * the parent runs (a UUID version 5 of both), so a parent delivered twice makes its children once.
 */
export function childJobId(parentId: string, key: string | number): string {
  return uuidv5(`${parentId}/${key}`, CHILD_JOB_NAMESPACE);
}

let lastMs = 0;
let sequence = 0;

/**
 * A job id that sorts in the order this process made it (a UUID version 7: milliseconds, then a
 * counter, then random bits). Jobs written in one transaction share `created_on`; pg-boss orders
 * those by id, so two events of one call run in the order they were emitted.
 */
export function orderedId(): string {
  const now = Date.now();
  sequence = now === lastMs ? sequence + 1 : 0;
  lastMs = now;
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes.writeUInt16BE(0x7000 | (sequence & 0x0fff), 6);
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * pg-boss's statements that mark jobs done or failed. pg-boss 10.4.2's worker runs them without
 * awaiting them (manager.js `onFetch`: `this.complete(...)`, `this.fail(...)`), so when the database
 * is gone at that moment (a restart, a failover) the rejection is unhandled and ends the process.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- pg-boss's own SQL, no types shipped
const plans = require("pg-boss/src/plans") as Record<"completeJobs" | "failJobsById", (schema: string) => string>;
const MARKING = new Set([plans.completeJobs(JOB_SCHEMA), plans.failJobsById(JOB_SCHEMA)]);

/**
 * The connection pg-boss runs over. A failed mark is logged, not thrown: the job stays active,
 * expires and runs again (its effects happen once: effects.ts), as when an instance dies. Every
 * other statement's error is pg-boss's to handle.
 */
export function jobQueueConnection(database: Pick<Database, "executeSql">, log: Pick<Log, "warn">) {
  return {
    async executeSql(text: string, values?: unknown[]): Promise<SqlRows> {
      try {
        return await database.executeSql(text, values);
      } catch (err) {
        if (!MARKING.has(text)) throw err;
        log.warn({ err }, "job queue: marking jobs done failed; they expire and run again");
        return { rows: [{ count: 0 }] };
      }
    },
  };
}

export function createJobs(database: Database, log: Log, options: JobsOptions = {}): Jobs {
  const boss = new PgBoss({
    db: jobQueueConnection(database, log),
    schema: JOB_SCHEMA,
    // Installed by the app's migrations; pg-boss only checks the version here.
    migrate: false,
    // Completed jobs stay an hour (then in pgboss.archive), failed ones a week; the archive 7 days.
    archiveCompletedAfterSeconds: 60 * 60,
    archiveFailedAfterSeconds: 7 * 24 * 60 * 60,
    deleteAfterDays: 7,
    // Maintenance (one instance a minute): jobs whose instance died expire and are retried.
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
  });
  boss.on("error", (err: unknown) => log.warn({ err }, "job queue error"));

  const workers = options.workers ?? true;
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
  const retryDelay = options.retryDelaySeconds ?? 5;
  const retryBackoff = options.retryBackoff ?? true;
  const queues = new Map<string, Queue>();
  const kicked = new Set<string>();
  const schedules: { name: string; cron: string }[] = [];
  let started = false;
  let stopped = false;

  /**
   * Runs one job's handler; a failure is recorded (retried or given up). Answers whether it went
   * through: marking it done is the caller's, once for the whole batch (one statement, not one per job).
   */
  async function finish(queue: Queue, job: PgBoss.JobWithMetadata<unknown>): Promise<boolean> {
    const info: JobInfo = {
      id: job.id,
      queue: queue.name,
      attempt: job.retryCount + 1,
      lastAttempt: job.retryCount >= job.retryLimit,
    };
    try {
      await queue.handler(job.data, info);
    } catch (err) {
      // The payload is not logged: it may be a mail with a one-time code.
      if (info.lastAttempt) {
        log.error({ err, queue: queue.name, jobId: job.id, attempts: info.attempt }, "job given up");
      } else {
        log.warn({ err, queue: queue.name, jobId: job.id, attempt: info.attempt }, "job failed, will retry");
      }
      await boss.fail(queue.name, job.id, err as object);
      if (info.lastAttempt && queue.options.forget) await boss.deleteJob(queue.name, job.id);
      return false;
    }
    if (queue.options.forget) await boss.deleteJob(queue.name, job.id);
    return true;
  }

  /**
   * Runs a batch in order (a queue's jobs run in the order they were written, per instance: the
   * owner's feed lists a declined payment before the retry that went through); one job's failure,
   * or a failure recording it, never touches the others. Queues run side by side. Answers the ids
   * of the jobs that went through, to be marked done together: a worker's batch is marked by
   * pg-boss itself once this resolves (manager.js `onFetch`; only jobs still active, so a failed
   * one stays failed), `drain()` marks its own. A worker that dies before that runs them again,
   * which their effects allow (effects.ts).
   */
  async function runBatch(queue: Queue, batch: PgBoss.JobWithMetadata<unknown>[]): Promise<string[]> {
    // pg-boss picks the oldest jobs, but its UPDATE … RETURNING answers them in no set order.
    const ordered = [...batch].sort(
      (a, b) => new Date(a.createdOn).getTime() - new Date(b.createdOn).getTime() || (a.id < b.id ? -1 : 1),
    );
    const done: string[] = [];
    for (const job of ordered) {
      const ok = await finish(queue, job).catch((err: unknown) => {
        log.error({ err, queue: queue.name, jobId: job.id }, "job state not recorded");
        return false;
      });
      if (ok) done.push(job.id);
    }
    return done;
  }

  /**
   * Creates queues (each is a partition of pgboss.job: DDL) one set at a time, under a database
   * lock: two instances (or two lazily declared queues) creating queues at once would deadlock on
   * PostgreSQL attaching their partitions. One multi-statement query is one implicit transaction,
   * so the lock is held to its end, and an error leaves the connection clean.
   */
  let creating: Promise<unknown> = Promise.resolve();
  function createQueues(names: string[]): Promise<void> {
    for (const name of names) if (!QUEUE_NAME.test(name)) throw new Error(`bad job queue name ${name}`);
    const run = creating.then(() =>
      database.executeSql(
        [
          `select pg_advisory_xact_lock(${CREATE_QUEUES_LOCK})`,
          ...names.map((name) => `select ${JOB_SCHEMA}.create_queue('${name}', '{}'::json)`),
        ].join(";\n"),
      ),
    );
    creating = run.catch(() => undefined);
    return run.then(() => undefined);
  }

  function open(queue: Queue, created?: Promise<void>): Promise<void> {
    queue.ready ??= (async () => {
      await (created ?? createQueues([queue.name]));
      if (!workers || stopped) return;
      queue.workerId = await boss.work<unknown>(
        queue.name,
        { batchSize: queue.options.batchSize, includeMetadata: true, pollingIntervalSeconds },
        async (batch) => {
          await runBatch(queue, batch);
        },
      );
    })();
    return queue.ready;
  }

  function declare<T>(name: string, handler: JobHandler<T>, workOptions: WorkOptions = {}): Queue {
    if (queues.has(name)) throw new Error(`job queue ${name} is declared twice`);
    const queue: Queue = {
      name,
      handler: handler as JobHandler<unknown>,
      options: { ...DEFAULTS, ...workOptions, forget: workOptions.forget ?? false },
      ready: null,
      workerId: null,
    };
    queues.set(name, queue);
    if (started) void open(queue).catch((err: unknown) => log.error({ err, queue: name }, "job queue not created"));
    return queue;
  }

  async function enqueue(tx: Db, name: string, payload: unknown, { startAfterSeconds, id }: EnqueueOptions = {}) {
    const queue = queues.get(name);
    if (!queue) throw new Error(`job queue ${name} is not declared`);
    if (queue.ready) await queue.ready;
    const { retryLimit, expireInSeconds } = queue.options;
    await boss.send(name, payload as object, {
      id: id ?? orderedId(),
      db: executorOf(tx),
      retryLimit,
      retryDelay,
      retryBackoff,
      expireInSeconds,
      // As a moment, not pg-boss's seconds: its insert uses the value thrice, which `executorOf`
      // makes three parameters, and seconds bound as the timestamp one fail ("out of range").
      ...(startAfterSeconds && { startAfter: new Date(Date.now() + startAfterSeconds * 1000) }),
    });
    kicked.add(name);
  }

  function insertSql(rows: SQL, queueNames: string[]): SQL {
    const options = queueNames.map((name) => {
      const queue = queues.get(name);
      if (!queue) throw new Error(`job queue ${name} is not declared`);
      const { retryLimit, expireInSeconds } = queue.options;
      return sql`(${name}::text, ${retryLimit}::int, ${expireInSeconds}::int)`;
    });
    return sql`insert into ${sql.raw(JOB_SCHEMA)}.job
        (id, name, data, retry_limit, retry_delay, retry_backoff, expire_in)
      select j.id, j.queue, j.data, o.retry_limit, ${retryBackoff ? Math.max(retryDelay, 1) : retryDelay}::int,
        ${retryBackoff}::bool, o.expire_seconds * interval '1 second'
      from (${rows}) j join (values ${sql.join(options, sql`, `)}) o(queue, retry_limit, expire_seconds)
        on o.queue = j.queue
      returning name`;
  }

  return {
    insertSql,
    written(queueNames) {
      for (const name of queueNames) kicked.add(name);
    },
    async ready(queueNames) {
      for (const name of queueNames) await queues.get(name)?.ready;
    },
    work<T>(name: string, handler: JobHandler<T>, workOptions?: WorkOptions): JobQueue<T> {
      declare(name, handler, workOptions);
      return {
        name,
        enqueue: (tx, payload, opts) => enqueue(tx, name, payload, opts),
      };
    },
    enqueue: (tx, name, payload) => enqueue(tx, name, payload),
    schedule(name, cron, handler, workOptions) {
      // A periodic job is not retried: the next run comes soon enough.
      declare(name, handler, { retryLimit: 0, ...workOptions });
      schedules.push({ name, cron });
      if (started) {
        void open(queues.get(name)!)
          .then(() => boss.schedule(name, cron, {}, { tz: "UTC" }))
          .catch((err: unknown) => log.error({ err, queue: name }, "job schedule not created"));
      }
    },
    async start() {
      // pg-boss cannot be started again after a failed start: reach the database first, so that a
      // start while it is out of reach fails here and can be tried again.
      await database.executeSql("select 1");
      await boss.start();
      started = true;
      const created = createQueues([...queues.keys()]);
      for (const queue of queues.values()) await open(queue, created);
      for (const { name, cron } of schedules) await boss.schedule(name, cron, {}, { tz: "UTC" });
    },
    kick() {
      for (const name of kicked) {
        const workerId = queues.get(name)?.workerId;
        if (workerId) boss.notifyWorker(workerId);
      }
      kicked.clear();
    },
    async drain() {
      const names = [...queues.keys()];
      if (!started || names.length === 0) return;
      for (;;) {
        // One query tells which queues have jobs due and whether a worker still holds one.
        const { rows } = await database.executeSql(
          `select name, bool_or(state = 'active') as busy,
             bool_or(state < 'active' and start_after < now()) as due
           from ${JOB_SCHEMA}.job where name = any($1::text[]) and state <= 'active' group by name`,
          [names],
        );
        const due = rows.filter((row) => row.due).map((row) => queues.get(String(row.name))!);
        if (due.length === 0) {
          if (!rows.some((row) => row.busy)) return;
          // Held by a worker (here or in another instance): wait for it to finish.
          await sleep(20);
          continue;
        }
        for (const queue of due) {
          await queue.ready;
          const batch = await boss.fetch<unknown>(queue.name, { batchSize: 20, includeMetadata: true });
          const done = await runBatch(queue, batch);
          if (done.length > 0) await boss.complete(queue.name, done);
        }
      }
    },
    async stop() {
      stopped = true;
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, timeout: 5_000 });
    },
  };
}
