import { sql } from "drizzle-orm";
import PgBoss from "pg-boss";
import { claimEffect, effectsToDo, onceOutside, recordEffects } from "../../src/services/effects";
import { createRelay } from "../../src/services/job-outbox";
import { childJobId, orderedId } from "../../src/services/jobs";
import { createTestApp, type TestApp } from "../helpers/app";
import { jobsOf, keepJobs, redeliver } from "../helpers/jobs";
import { loyaltyFixtures } from "../helpers/loyalty";

/**
 * The exactly-once layer under every background job: derived child ids, effect
 * rows, and the outbox that jobs are written to (with the card engine's write statement too:
 * loyalty/engine/apply.ts) and relayed from to pg-boss.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

it("derives a child job's id from its parent and key: the same every time, different per key", () => {
  const parent = orderedId();
  expect(childJobId(parent, 2)).toBe(childJobId(parent, 2));
  expect(childJobId(parent, 2)).not.toBe(childJobId(parent, 3));
  expect(childJobId(parent, 2)).not.toBe(childJobId(orderedId(), 2));
  expect(childJobId(parent, "page")).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});

it("claims an effect once, filters what was done, and records a send only when it went through", async () => {
  const db = t.app.db;
  const key = { kind: "test", source: orderedId() };
  expect(await claimEffect(db, key, 1)).toBe(true);
  expect(await claimEffect(db, key, 1)).toBe(false);
  expect(await claimEffect(db, { ...key, kind: "other" }, 1)).toBe(true);

  await recordEffects(db, key, [2, 3]);
  expect(await effectsToDo(db, key, [1, 2, 3, 4, 5])).toEqual([4, 5]);

  const sends: string[] = [];
  await expect(
    onceOutside(db, key, "failing", async () => {
      sends.push("failing");
      throw new Error("provider down");
    }),
  ).rejects.toThrow("provider down");
  await onceOutside(db, key, "failing", async () => sends.push("failing"));
  await onceOutside(db, key, "failing", async () => sends.push("failing"));
  expect(sends).toEqual(["failing", "failing"]);
});

it("a child job written twice by a parent run twice is one job", async () => {
  const runs: number[] = [];
  const child = t.app.jobs.work<{ n: number }>("test-child", async ({ n }) => void runs.push(n));
  await t.app.jobs.ready(["test-child"]);
  const parent = orderedId();
  for (let i = 0; i < 2; i++) {
    await t.app.db.transaction((tx) => child.enqueue(tx, { n: 1 }, { id: childJobId(parent, 1) }));
  }
  await t.settle();
  expect(runs).toEqual([1]);
});

it("redelivers a completed job, as pg-boss does after its worker died before marking it done", async () => {
  const runs: string[] = [];
  const queue = t.app.jobs.work<{ v: string }>("test-redelivered", async ({ v }) => void runs.push(v), {
    forget: true,
  });
  await t.app.jobs.ready(["test-redelivered"]);
  await queue.enqueue(t.app.db, { v: "a" });
  expect(await keepJobs(t.query, "test-redelivered")).toBe(1);
  await t.settle();
  expect(await redeliver(t.query, "test-redelivered")).toBe(1);
  await t.settle();
  expect(runs).toEqual(["a", "a"]);
});

describe("the outbox (services/job-outbox.ts)", () => {
  it("becomes exactly one pg-boss job with the queue's retry options, once relayed", async () => {
    const runs: string[] = [];
    t.app.jobs.work<{ v: string }>("test-outbox", async ({ v }) => void runs.push(v), {
      retryLimit: 3,
      expireInSeconds: 77,
    });
    await t.app.jobs.ready(["test-outbox"]);
    await t.app.db.transaction((tx) =>
      t.app.jobs.work<{ v: string }>("test-outbox-other", async () => undefined).enqueue(tx, { v: "x" }),
    );
    await t.app.db.transaction((tx) => t.app.jobs.enqueue(tx, "test-outbox", { v: "a" }));
    const id = orderedId();
    await t.app.db.execute(
      t.app.jobs.insertSql(sql`select 'test-outbox'::text as queue, ${id}::uuid as id, '{"v":"b"}'::jsonb as data`, [
        "test-outbox",
      ]),
    );
    expect((await jobsOf(t.query, "test-outbox")).map((j) => j.state)).toEqual(["outbox", "outbox"]);
    await t.settle();
    expect(runs).toEqual(["a", "b"]);
    const rows = await t.query<Record<string, unknown>>(
      sql`select id::text, state::text, retry_limit, retry_delay, retry_backoff,
        extract(epoch from expire_in)::int as expire_seconds from pgboss.job where name = 'test-outbox'`,
    );
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.id === id)).toEqual({
      id,
      state: "completed",
      retry_limit: 3,
      retry_delay: 5,
      retry_backoff: true,
      expire_seconds: 77,
    });
    expect(await jobsOf(t.query, ["test-outbox", "test-outbox-other"])).not.toContainEqual(
      expect.objectContaining({ state: "outbox" }),
    );
  });

  it("leaves no job when the transaction that wrote it rolls back", async () => {
    const queue = t.app.jobs.work<{ v: string }>("test-outbox-rolled-back", async () => undefined);
    await t.app.jobs.ready([queue.name]);
    await expect(
      t.app.db.transaction(async (tx) => {
        await queue.enqueue(tx, { v: "never" });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await t.settle();
    expect(await jobsOf(t.query, queue.name)).toEqual([]);
  });

  it("is relayed once, in order, by two relays at once and by a relay run again", async () => {
    const name = "test-outbox-relays";
    t.app.jobs.work(name, async () => undefined);
    await t.app.jobs.ready([name]);
    const ids = Array.from({ length: 450 }, () => orderedId());
    await t.app.db.execute(
      t.app.jobs.insertSql(
        sql`select ${name}::text as queue, id, '{}'::jsonb as data from unnest(${sql.param(ids)}::uuid[]) id`,
        [name],
      ),
    );
    // Two instances' relays (over pg-boss's public API, as services/jobs.ts runs it).
    const options = new Map([[name, { retryLimit: 1, retryDelay: 0, retryBackoff: false, expireInSeconds: 60 }]]);
    const boss = new PgBoss({ db: { executeSql: (text, values) => t.database.executeSql(text, values) } });
    const relays = [createRelay(t.database, boss, () => options), createRelay(t.database, boss, () => options)];
    await Promise.all(relays.map((relay) => relay.run()));
    // A parent run twice writes its child's id again: one job all the same.
    await t.app.db.execute(
      t.app.jobs.insertSql(sql`select ${name}::text as queue, ${ids[0]}::uuid as id, '{}'::jsonb as data`, [name]),
    );
    await relays[0]!.run();
    await relays[1]!.run();
    const jobs = await t.query<{ id: string }>(
      sql`select id::text from pgboss.job where name = ${name} order by created_on, id`,
    );
    expect(jobs.map((j) => j.id)).toEqual(ids);
    expect(await jobsOf(t.query, name)).not.toContainEqual(expect.objectContaining({ state: "outbox" }));
  });

  it("runs a job written by the card engine's one write statement", async () => {
    const f = loyaltyFixtures(t);
    const seen: string[] = [];
    t.app.events.on("card.changed", "test-engine-outbox", async (e) => void seen.push(e.type));
    const { token, qr } = await f.programme();
    const joined = await f.join(qr.qr_token);
    expect((await f.staffScan(token, joined.card.serial)).statusCode).toBe(200);
    expect(await jobsOf(t.query, "event.test-engine-outbox")).toEqual([expect.objectContaining({ state: "outbox" })]);
    await t.settle();
    expect(seen).toEqual(["card.changed"]);
  });
});
