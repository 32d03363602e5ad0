import { setTimeout as sleep } from "node:timers/promises";
import { sql, type SQL } from "drizzle-orm";
import PgBoss from "pg-boss";
import { v5 as uuidv5, v7 as uuidv7 } from "uuid";
import type { Database, Db } from "../db/client";
import { JOB_SCHEMA } from "../db/job-queue-schema";
import { createRelay, outboxInsertSql, writeOutbox, type RetryOptions } from "./job-outbox";

export { executorOf } from "./job-outbox";

/**
 * Durable background work: pushes, wallet pass updates and mails leave the request.
 *
 * The request writes a job row in its own transaction (`enqueue(tx, …)`, our outbox table
 * `job_outbox`: services/job-outbox.ts): the job exists exactly when the stamp or message it
 * belongs to was committed. A relay in every instance moves the rows to pg-boss through its public
 * API (after each answer that wrote jobs, every polling interval, at start, and in `drain()`).
 * Workers in every API instance take jobs with `FOR UPDATE SKIP LOCKED` (pg-boss's `fetch`), so
 * each job runs on one instance, and a job whose instance died mid-send is taken again once it
 * expires. A failing job is retried with exponential backoff, then given up with one log line
 * ("job given up") and kept as `failed`.
 *
 * pg-boss delivers at least once: a handler may run again after it committed (its worker died
 * before the job was marked done). Handlers key their effects in `job_effects` (effects.ts), and
 * jobs made by jobs take ids derived from their parent's (`childJobId`), so a rerun repeats nothing.
 *
 * pg-boss runs over the app's own connection pool (`Database.executeSql`), used only through its
 * public API; its schema is installed with the app's migrations (db/job-queue-schema.ts).
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
   * (the outbox and pg-boss ignore an id they hold; effects.ts covers the time after pg-boss
   * archived the job).
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
  /** How often an idle worker looks for jobs, and the relay for rows in the outbox (default 2 s). */
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
   * written exactly as `enqueue` writes them (rows of the outbox, a duplicate id ignored). It
   * answers (`returning`) the queue `name` of each job written: tell `written()` once it ran.
   */
  insertSql(rows: SQL, queueNames: string[]): SQL;
  /** These queues got jobs from an `insertSql` statement: `kick()` relays them and wakes their workers. */
  written(queueNames: readonly string[]): void;
  /** Resolves once these queues exist in the database (a queue declared after `start()`). */
  ready(queueNames: string[]): Promise<void>;
  /**
   * Runs `handler` on a cron schedule (UTC), on one instance each time however many run:
   * pg-boss's timekeeper takes a database lock per minute, and the job it sends is a singleton.
   */
  schedule(name: string, cron: string, handler: JobHandler<Record<string, never>>, options?: WorkOptions): void;
  start(): Promise<void>;
  /**
   * After an answer: when jobs were written since the last call, relays the outbox and wakes this
   * instance's workers of the queues that got jobs (with workers on; tests relay in `drain()`).
   */
  kick(): void;
  /**
   * Relays the outbox and runs every job that is due, here and now, until none is left (including
   * jobs those jobs enqueue), and waits for the ones other workers hold: `app.settle()` in tests.
   */
  drain(): Promise<void>;
  stop(): Promise<void>;
};

/** The namespace of derived job ids (a fixed random UUID: ids are this app's own). */
const CHILD_JOB_NAMESPACE = "4f1d3c52-6a0e-4f5b-9a57-2b8e0f4c7d11";

/**
 * The id of the job that job `parentId` makes for `key` (a page, a target): the same every time
 * the parent runs (a UUID version 5 of both), so a parent delivered twice makes its children once.
 */
export function childJobId(parentId: string, key: string | number): string {
  return uuidv5(`${parentId}/${key}`, CHILD_JOB_NAMESPACE);
}

/**
 * A job id that sorts in the order this process made it (a UUID version 7: milliseconds, then a
 * counter, then random bits; uuid's v7 keeps the counter per process and draws its random bits
 * from a pool, where a `randomBytes` per id cost each stamp's two job ids a call into OpenSSL). The
 * relay claims the outbox's rows by (created_at, id), and jobs it moves in one transaction share
 * pg-boss's `created_on`, which pg-boss orders by id: two events of one call run in the order they
 * were emitted.
 */
export function orderedId(): string {
  return uuidv7();
}

type Queue = {
  name: string;
  handler: JobHandler<unknown>;
  options: Required<Omit<WorkOptions, "forget">> & { forget: boolean };
  /** Created in pg-boss (and its worker started) once `start()` ran. */
  ready: Promise<void> | null;
  created: boolean;
  worker: Worker | null;
};

type Worker = { wake(): void; stop(): Promise<void> };

/** The advisory lock id held while queues are created. */
const CREATE_QUEUES_LOCK = 72_114_017;

const DEFAULTS = { retryLimit: 5, expireInSeconds: 120, batchSize: 5 };

/**
 * pg-boss's connection to the database, which goes quiet once the queue has stopped. Its own cron
 * worker can still be finishing a job when `stop()` has resolved, and records that job's end
 * without waiting for it: after the stop such a statement does nothing (the job stays active and
 * expires, as when an instance dies) instead of reaching a pool that is closing, where its
 * rejection went unhandled.
 */
export function quietAfterStop(database: Pick<Database, "executeSql">) {
  let stopped = false;
  return {
    executeSql: (text: string, values?: unknown[]) =>
      stopped ? Promise.resolve({ rows: [] }) : database.executeSql(text, values),
    stop() {
      stopped = true;
    },
  };
}

export function createJobs(database: Database, log: Log, options: JobsOptions = {}): Jobs {
  const bossSql = quietAfterStop(database);
  const boss = new PgBoss({
    db: { executeSql: bossSql.executeSql },
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
  const pollingMs = (options.pollingIntervalSeconds ?? 2) * 1000;
  const retryDelay = options.retryDelaySeconds ?? 5;
  const retryBackoff = options.retryBackoff ?? true;
  const queues = new Map<string, Queue>();
  const kicked = new Set<string>();
  const schedules: { name: string; cron: string }[] = [];
  let started = false;
  let stopped = false;
  let relayTimer: NodeJS.Timeout | undefined;

  const relay = createRelay(
    database,
    boss,
    () =>
      new Map(
        [...queues.values()]
          .filter((queue) => queue.created)
          .map((queue): [string, RetryOptions] => {
            const { retryLimit, expireInSeconds } = queue.options;
            return [queue.name, { retryLimit, retryDelay, retryBackoff, expireInSeconds }];
          }),
      ),
  );

  /** Relays in the background (kick, timer, start): a failure leaves the rows for the next run. */
  let relaying: Promise<void> = Promise.resolve();
  function relayNow(ifAny: boolean) {
    if (!workers || stopped) return;
    relaying = (ifAny ? relay.runIfAny() : relay.run()).then(
      (names) => {
        for (const name of names) queues.get(name)?.worker?.wake();
      },
      (err: unknown) => log.warn({ err }, "job outbox: relay failed; its rows stay for the next run"),
    );
  }

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
   * owner's feed lists a declined payment before the retry that went through), then marks the
   * jobs that went through done, in one statement. One job's failure, or a failure recording it,
   * never touches the others; a failed mark is logged, not thrown: those jobs stay active, expire
   * and run again (their effects happen once: effects.ts), as when an instance dies.
   */
  async function runBatch(queue: Queue, batch: PgBoss.JobWithMetadata<unknown>[]): Promise<void> {
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
    if (done.length === 0) return;
    await boss.complete(queue.name, done).catch((err: unknown) => {
      log.warn({ err, queue: queue.name }, "job queue: marking jobs done failed; they expire and run again");
    });
  }

  const fetchBatch = (queue: Queue, batchSize: number) =>
    boss.fetch<unknown>(queue.name, { batchSize, includeMetadata: true });

  /**
   * A queue's worker in this instance: takes a batch (pg-boss's `fetch`), runs it, and takes the
   * next at once; idle, it looks again every polling interval, or when woken (`kick()`). A batch
   * that outlives its jobs' expiry is left running: its jobs run again elsewhere, and this worker
   * goes on.
   */
  function startWorker(queue: Queue): Worker {
    let stopping = false;
    let woken = false;
    let wakeUp: (() => void) | null = null;
    const pause = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      }).finally(() => {
        wakeUp = null;
      });
    const loop = (async () => {
      while (!stopping) {
        woken = false;
        const batch = await fetchBatch(queue, queue.options.batchSize).catch((err: unknown) => {
          log.warn({ err, queue: queue.name }, "job queue: fetching jobs failed");
          return [];
        });
        if (batch.length > 0) {
          let timer: NodeJS.Timeout | undefined;
          const expired = new Promise<"expired">((resolve) => {
            timer = setTimeout(() => resolve("expired"), queue.options.expireInSeconds * 1000);
          });
          const outcome = await Promise.race([runBatch(queue, batch), expired]);
          clearTimeout(timer);
          if (outcome === "expired") {
            log.error({ queue: queue.name, jobIds: batch.map((job) => job.id) }, "job batch outlived its expiry");
          }
          continue;
        }
        if (!stopping && !woken) await pause(pollingMs);
      }
    })();
    return {
      wake() {
        woken = true;
        wakeUp?.();
      },
      async stop() {
        stopping = true;
        wakeUp?.();
        await loop;
      },
    };
  }

  /**
   * Creates the queues pg-boss does not have yet (each is a partition of its job table: DDL), one
   * set at a time, under a database lock held by a transaction meanwhile: two instances (or two
   * lazily declared queues) creating queues at once would deadlock on PostgreSQL attaching their
   * partitions.
   */
  let creating: Promise<unknown> = Promise.resolve();
  function createQueues(names: string[]): Promise<void> {
    const run = creating.then(async () => {
      const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
      const missing = names.filter((name) => !existing.has(name));
      if (missing.length === 0) return;
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${CREATE_QUEUES_LOCK})`);
        for (const name of missing) await boss.createQueue(name);
      });
    });
    creating = run.catch(() => undefined);
    return run;
  }

  function open(queue: Queue, created?: Promise<void>): Promise<void> {
    queue.ready ??= (async () => {
      await (created ?? createQueues([queue.name]));
      queue.created = true;
      if (workers && !stopped) queue.worker = startWorker(queue);
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
      created: false,
      worker: null,
    };
    queues.set(name, queue);
    if (started) void open(queue).catch((err: unknown) => log.error({ err, queue: name }, "job queue not created"));
    return queue;
  }

  function declared(name: string): Queue {
    const queue = queues.get(name);
    if (!queue) throw new Error(`job queue ${name} is not declared`);
    return queue;
  }

  async function enqueue(tx: Db, name: string, payload: unknown, { startAfterSeconds, id }: EnqueueOptions = {}) {
    declared(name);
    await writeOutbox(tx, { id: id ?? orderedId(), queue: name, data: payload, startAfterSeconds });
    kicked.add(name);
  }

  /** Whether a worker (here or in another instance) holds a job of these queues. */
  async function busy(names: string[]): Promise<boolean> {
    const waiting = await Promise.all(names.map((name) => boss.getQueueSize(name, { before: "completed" })));
    const held = names.filter((_, i) => waiting[i]! > 0);
    const due = await Promise.all(held.map((name) => boss.getQueueSize(name, { before: "active" })));
    return held.some((name, i) => waiting[names.indexOf(name)]! > due[i]!);
  }

  return {
    insertSql(rows: SQL, queueNames: string[]): SQL {
      for (const name of queueNames) declared(name);
      return outboxInsertSql(rows, queueNames);
    },
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
      if (workers && !stopped) {
        // Rows left by an instance that stopped before relaying them, then every polling interval.
        relayNow(false);
        relayTimer = setInterval(() => relayNow(true), pollingMs).unref();
      }
    },
    kick() {
      if (kicked.size === 0) return;
      kicked.clear();
      relayNow(false);
    },
    async drain() {
      if (!started || queues.size === 0) return;
      const all = [...queues.values()];
      for (const queue of all) await queue.ready;
      for (;;) {
        await relay.run();
        let ran = false;
        for (const queue of all) {
          for (;;) {
            const batch = await fetchBatch(queue, 20);
            if (batch.length === 0) break;
            ran = true;
            await runBatch(queue, batch);
          }
        }
        if (ran) continue;
        if (!(await busy(all.map((queue) => queue.name)))) return;
        // Held by a worker (here or in another instance): wait for it to finish.
        await sleep(20);
      }
    },
    async stop() {
      stopped = true;
      clearInterval(relayTimer);
      if (!started) return bossSql.stop();
      started = false;
      // Workers finish the batch in hand (5 s at most); jobs not taken stay for the next start.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all([...queues.values()].map((queue) => queue.worker?.stop())),
        new Promise((resolve) => (timer = setTimeout(resolve, 5_000))),
      ]);
      clearTimeout(timer);
      await relaying;
      await boss.stop({ graceful: true, wait: true, timeout: 5_000 });
      bossSql.stop();
    },
  };
}
