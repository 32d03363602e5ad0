import { sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";

// Stamps are written under a row lock, so concurrent scans of one card neither lose nor double an
// update.
let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

const cardRow = async (serial: string) =>
  (
    await t.query<{ stamps: number; lifetime_stamps: number; rewards_redeemed: number; id: number }>(
      sql`select id, stamps, lifetime_stamps, rewards_redeemed from cards where serial = ${serial}`,
    )
  )[0]!;
const kinds = async (cardId: number) =>
  Object.fromEntries(
    (
      await t.query<{ kind: string; n: number }>(
        sql`select kind, count(*)::int as n from scans where card_id = ${cardId} group by kind`,
      )
    ).map((r) => [r.kind, Number(r.n)]),
  );

it("50 concurrent self-scans inside one cooldown add exactly one stamp", async () => {
  const { qr } = await f.programme({ cooldown_minutes: 60, daily_cap: 0 });
  const joined = await f.join(qr.qr_token);
  // Open the cooldown the join started, then scan 50 times at once.
  await t.query(
    sql`update cards set last_self_stamp_at = now() - interval '2 hours' where serial = ${joined.card.serial}`,
  );
  const answers = await Promise.all(Array.from({ length: 50 }, () => f.selfScan(qr.qr_token, [joined.secret])));
  expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
  const actions = answers.map((a) => a.body.data.action);
  expect(actions.filter((a) => a === "stamp")).toHaveLength(1);
  expect(actions.filter((a) => a === "wait")).toHaveLength(49);
  const card = await cardRow(joined.card.serial);
  expect(card).toMatchObject({ stamps: 2, lifetime_stamps: 2 });
  expect(await kinds(card.id)).toEqual({ join: 1, stamp: 1 });
});

it("50 concurrent staff stamps on one card add exactly 50", async () => {
  // A card at 1 reaches a 50-stamp reward with its 49th stamp: the reward asks for more than
  // the form allows (a staff scan with no active reward is refused), so all 50 stamp; the next
  // test covers stamps and redeems interleaved.
  const { token, reward, qr } = await f.programme({ stamps_required: 50 });
  const joined = await f.join(qr.qr_token);
  await t.query(sql`update rewards set stamps_required = 100 where id = ${reward.id}`);
  const answers = await Promise.all(Array.from({ length: 50 }, () => f.staffScan(token, joined.card.serial)));
  expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
  expect(answers.every((a) => a.body.data.action === "stamp")).toBe(true);
  // Every answer saw a different count: no two scans read the same row.
  expect(new Set(answers.map((a) => a.body.data.stamps)).size).toBe(50);
  const card = await cardRow(joined.card.serial);
  expect(card).toMatchObject({ stamps: 51, lifetime_stamps: 51, rewards_redeemed: 0 });
  expect(await kinds(card.id)).toEqual({ join: 1, stamp: 50 });
});

it("50 concurrent staff scans stamp and redeem exactly as one after another would", async () => {
  const { token, qr } = await f.programme({ stamps_required: 10 });
  const joined = await f.join(qr.qr_token);
  await Promise.all(Array.from({ length: 50 }, () => f.staffScan(token, joined.card.serial)));
  // From 1 stamp: 9 stamps + redeem, then three times 10 stamps + redeem, then 7 stamps.
  const card = await cardRow(joined.card.serial);
  expect(card).toMatchObject({ stamps: 7, lifetime_stamps: 47, rewards_redeemed: 4 });
  expect(await kinds(card.id)).toEqual({ join: 1, stamp: 46, redeem: 4 });
});
