import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../helpers/app";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { startGoogleStandIn, testServiceAccount } from "../helpers/google-wallet-stand-in";
import { jobsOf, pendingJobs } from "../helpers/jobs";
import { loyaltyFixtures } from "../helpers/loyalty";

/**
 * The job queue (services/jobs.ts) on this run's database (the embedded PostgreSQL, or
 * DATABASE_URL's): Google Wallet PATCHes stand for every provider, as the stand-in counts them.
 */

jest.setTimeout(60_000);

const mockLogLines: string[] = [];
jest.mock("../../src/logger", () => {
  const actual = jest.requireActual("../../src/logger");
  return {
    ...actual,
    loggerOptions: (config: unknown) => ({
      ...actual.loggerOptions(config),
      stream: { write: (line: string) => mockLogLines.push(line) },
    }),
  };
});

const ISSUER = "3388000000022222222";
let stand: Awaited<ReturnType<typeof startGoogleStandIn>>;
let env: Record<string, string>;
let db: TestDatabase;
const apps: TestApp[] = [];

beforeAll(async () => {
  stand = await startGoogleStandIn();
  env = {
    LOG_LEVEL: "warn",
    GOOGLE_WALLET_ISSUER_ID: ISSUER,
    GOOGLE_WALLET_SERVICE_ACCOUNT: JSON.stringify(testServiceAccount(stand.tokenUri).json),
    GOOGLE_WALLET_API_URL: stand.apiUrl,
  };
  db = await createTestDatabase();
});
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  stand.state.failWith = 0;
  stand.state.failNext = 0;
  mockLogLines.length = 0;
});
afterAll(async () => {
  await db.close();
  await stand.close();
});

/** An API instance on the test database; `workers` starts its background workers (polling 0.5 s). */
async function instance(options: { workers?: boolean; retryAtOnce?: boolean; again?: boolean } = {}) {
  const database = options.again ? await db.connectAgain() : db.database;
  const app = await createTestApp(env, {
    database,
    jobs: {
      workers: options.workers ?? false,
      pollingIntervalSeconds: 0.5,
      ...(options.retryAtOnce && { retryDelaySeconds: 0, retryBackoff: false }),
    },
  });
  apps.push(app);
  return app;
}

/** A card saved to Google Wallet (PATCHes of it answer 200), and a staff token that stamps it. */
async function savedCard(t: TestApp) {
  const f = loyaltyFixtures(t);
  const { token, qr } = await f.programme({ stamps_required: 50 });
  const joined = await f.join(qr.qr_token);
  stand.saved.add(`${ISSUER}.${joined.card.serial}`);
  const stamp = async () => {
    const res = await f.staffScan(token, joined.card.serial);
    expect(res.statusCode).toBe(200);
    return res;
  };
  return { serial: joined.card.serial, stamp };
}

const patchesOf = (serial: string) =>
  stand.patches().filter((r) => decodeURIComponent(r.path).endsWith(`${ISSUER}.${serial}`));

async function until(what: string, done: () => boolean | Promise<boolean>, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

const jobsNamed = (name: string) => jobsOf(db.query, name);

describe("the outbox", () => {
  it("writes a job only with the transaction that caused it", async () => {
    const t = await instance();
    const { serial, stamp } = await savedCard(t);
    const before = (await jobsNamed("event.google-wallet")).length;

    await expect(
      t.database.db.transaction(async (tx) => {
        await t.app.events.emit(tx, { type: "card.changed", ownerId: 1, businessId: 1, cardId: 1 });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await jobsNamed("event.google-wallet")).toHaveLength(before);

    // A scan of an unknown card fails inside the stamp's transaction: no job either.
    const f = loyaltyFixtures(t);
    const owner = await f.owner();
    expect((await f.staffScan(owner, "LC-UNKNOWN-0000")).statusCode).toBeGreaterThanOrEqual(400);
    expect(await jobsNamed("event.google-wallet")).toHaveLength(before);

    await stamp();
    expect(await jobsNamed("event.google-wallet")).toHaveLength(before + 1);
    expect(patchesOf(serial)).toHaveLength(0);
    await t.settle();
    expect(patchesOf(serial)).toHaveLength(1);
  });
});

describe("a job survives a restart", () => {
  it("a stamp committed by an instance that stops before sending is sent by the next one", async () => {
    const first = await instance();
    const { serial, stamp } = await savedCard(first);
    await stamp();
    await stamp();
    // The instance goes away (a deploy, a crash) before any worker ran.
    await first.close();
    apps.splice(apps.indexOf(first), 1);
    expect(patchesOf(serial)).toHaveLength(0);
    expect(await pendingJobs(db.query, "event.google-wallet")).toBeGreaterThan(0);

    // A new instance on the same database: its own workers find the jobs, nobody calls settle().
    await instance({ workers: true });
    await until("the PATCHes", () => patchesOf(serial).length === 2);
    expect(patchesOf(serial).map((r) => JSON.parse(r.body).loyaltyPoints.balance.int)).toEqual([3, 3]);
  });
});

describe("a failing provider", () => {
  it("is retried, then given up with a log line, and the job is kept as failed", async () => {
    const t = await instance({ retryAtOnce: true });
    const { serial, stamp } = await savedCard(t);
    await t.settle();
    const before = patchesOf(serial).length;
    stand.state.failWith = 503;

    await stamp();
    await t.settle();

    // One attempt and five retries (WorkOptions.retryLimit), then it stops.
    expect(patchesOf(serial).length - before).toBe(6);
    const [job] = (await jobsNamed("event.google-wallet")).slice(-1);
    expect(job).toMatchObject({ state: "failed", retry_count: 5 });
    const lines = mockLogLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.filter((l) => l.msg === "job failed, will retry")).toHaveLength(5);
    const gaveUp = lines.filter((l) => l.msg === "job given up");
    expect(gaveUp).toEqual([
      expect.objectContaining({ level: 50, queue: "event.google-wallet", jobId: job!.id, attempts: 6 }),
    ]);
    expect(JSON.stringify(gaveUp[0])).toContain("503");
  });

  it("is retried until the provider recovers, and the update goes out once it does", async () => {
    const t = await instance({ retryAtOnce: true });
    const { serial, stamp } = await savedCard(t);
    await t.settle();
    const before = patchesOf(serial).length;
    stand.state.failNext = 2;

    await stamp();
    await t.settle();

    expect(patchesOf(serial).length - before).toBe(3);
    const [job] = (await jobsNamed("event.google-wallet")).slice(-1);
    expect(job).toMatchObject({ state: "completed", retry_count: 2 });
    expect(mockLogLines.filter((line) => line.includes("job given up"))).toEqual([]);
  });
});

describe("several instances", () => {
  it("send each job once", async () => {
    const a = await instance({ workers: true });
    await instance({ workers: true, again: true });
    const cards = await Promise.all([savedCard(a), savedCard(a), savedCard(a), savedCard(a)]);
    await until("the joins' jobs", async () => (await pending()) === 0);
    const before = new Map(cards.map((c) => [c.serial, patchesOf(c.serial).length]));
    const failedBefore = await failed();

    // 5 stamps on each of 4 cards, through one instance: 20 jobs for two sets of workers.
    for (let round = 0; round < 5; round++) await Promise.all(cards.map((c) => c.stamp()));
    await until("all jobs done", async () => (await pending()) === 0);

    for (const card of cards) expect(patchesOf(card.serial).length - before.get(card.serial)!).toBe(5);
    expect(await failed()).toBe(failedBefore);
  });
});

describe("a mark of jobs done that fails", () => {
  it("is logged, not thrown: the worker goes on with the next jobs", async () => {
    const t = await instance({ workers: true });
    const { serial, stamp } = await savedCard(t);
    await until("the join's jobs", async () => (await pending()) === 0);
    const before = patchesOf(serial).length;
    // The database refuses to mark the wallet's jobs done (as when it goes away at that moment).
    await db.query(sql`create function test_refuse_completion() returns trigger language plpgsql as $$
      begin
        if new.state = 'completed' and new.name = 'event.google-wallet' then raise exception 'refused'; end if;
        return new;
      end $$`);
    await db.query(sql`create trigger test_refuse_completion before update on pgboss.job
      for each row execute function test_refuse_completion()`);
    try {
      await stamp();
      await until("the refused mark", () => mockLogLines.some((l) => l.includes("marking jobs done failed")));
      expect(patchesOf(serial)).toHaveLength(before + 1);
    } finally {
      await db.query(sql`drop trigger test_refuse_completion on pgboss.job`);
      await db.query(sql`drop function test_refuse_completion()`);
    }
    await stamp();
    await until("the next PATCH", () => patchesOf(serial).length === before + 2);
    // The refused job stays active until it expires (then it runs again): done by hand here.
    await db.query(sql`delete from pgboss.job where name = 'event.google-wallet' and state = 'active'`);
  });
});

const pending = () => pendingJobs(db.query, "event.%");

const failed = async () => (await jobsOf(db.query, "event.%")).filter((j) => j.state === "failed").length;
