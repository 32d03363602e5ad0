import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { claimEffect, effectsToDo, onceOutside, recordEffects } from "../../src/services/effects";
import { childJobId, orderedId } from "../../src/services/jobs";
import { createTestApp, type TestApp } from "../helpers/app";
import { keepJobs, redeliver } from "../helpers/jobs";

/**
 * The exactly-once layer under every background job (issue 22 §1): derived child ids, effect
 * rows, and pg-boss's job rows as the card engine's write statement writes them (loyalty/engine/apply.ts).
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

it("writes pg-boss job rows in the statement as pg-boss's own send writes them (pinned version)", async () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, "../../../package.json"), "utf8"));
  const installed = JSON.parse(fs.readFileSync(require.resolve("pg-boss/package.json"), "utf8")).version;
  // An exact version: a pg-boss upgrade is a change made on purpose, with this test run against it.
  expect(pkg.dependencies["pg-boss"]).toBe(installed);

  const queue = t.app.jobs.work<{ via: string }>("test-shape", async () => undefined);
  await t.app.jobs.ready(["test-shape"]);
  await queue.enqueue(t.app.db, { via: "send" });
  const id = orderedId();
  await t.app.db.execute(
    t.app.jobs.insertSql(sql`select 'test-shape'::text as queue, ${id}::uuid as id, '{"via":"sql"}'::jsonb as data`, [
      "test-shape",
    ]),
  );
  const rows = await t.query<Record<string, unknown>>(
    sql`select * from pgboss.job where name = 'test-shape' order by data->>'via'`,
  );
  expect(rows.map((r) => (r.data as { via: string }).via)).toEqual(["send", "sql"]);
  // Every column pg-boss has, compared: a column added by an upgrade shows up here too.
  const comparable = (row: Record<string, unknown>) => {
    const { id: _id, data: _data, created_on: created, start_after: startAfter, keep_until: keepUntil, ...rest } = row;
    const at = (v: unknown) => new Date(v as string).getTime();
    return {
      ...rest,
      startsAtCreation: Math.abs(at(startAfter) - at(created)) < 5_000,
      keptDays: Math.round((at(keepUntil) - at(created)) / 86_400_000),
    };
  };
  expect(comparable(rows[1]!)).toEqual(comparable(rows[0]!));
});
