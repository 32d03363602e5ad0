import { sql } from "drizzle-orm";
import type { CounterCode, QrCode } from "../../../contract/qr-codes";
import type { ScanResult } from "../../../contract/wallet";
import { createTestApp, type TestApp } from "../helpers/app";
import { kindFixtures } from "../helpers/kinds";
import { loyaltyFixtures } from "../helpers/loyalty";

// A counter code and the daily cap hold under concurrent scans: each rule is decided under the
// card's row lock (stamping.ts).
jest.setTimeout(60_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
let k: ReturnType<typeof kindFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
  k = kindFixtures(t, f);
});
afterAll(() => t.close());

const stamped = async (serial: string) =>
  (
    await t.query<{ stamps: number; self_stamps_today: number; n: number }>(
      sql`select c.stamps, c.self_stamps_today, (select count(*)::int from scans s where s.card_id = c.id and s.kind = 'stamp') as n
          from cards c where c.serial = ${serial}`,
    )
  )[0]!;

it("20 concurrent self-scans with one valid counter code stamp once", async () => {
  // No cooldown and no cap: only the code's single use per card stands between the scans.
  const { token, qr } = await f.programme({ cooldown_minutes: 0, daily_cap: 0, stamps_required: 50 });
  await t.post<QrCode>("/qr-mode-update", { qr_id: qr.id, mode: "rotating" }, { token });
  const counter = async () =>
    (await t.get<CounterCode>("/counter-code", { token, query: { qr_id: String(qr.id) } })).body.data;
  const joined = await f.join(qr.qr_token, { code: (await counter()).code });
  // The card's last code is from minutes ago: the current one is new to it.
  await t.query(
    sql`update cards set last_counter_window = last_counter_window - 10 where serial = ${joined.card.serial}`,
  );
  const { url } = await counter();
  const answers = await Promise.all(Array.from({ length: 20 }, () => f.selfScan(qr.qr_token, [joined.secret], url)));
  expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
  expect(answers.filter((a) => a.body.data.action === "stamp")).toHaveLength(1);
  expect(await stamped(joined.card.serial)).toMatchObject({ stamps: 2, n: 1 });
});

it("the daily cap holds under 20 concurrent self-scans", async () => {
  const { qr } = await f.programme({ cooldown_minutes: 0, daily_cap: 3, stamps_required: 50 });
  const joined = await f.join(qr.qr_token);
  // A new day for the card: three self-scans allowed today.
  await t.query(sql`update cards set stamp_day = stamp_day - 1 where serial = ${joined.card.serial}`);
  const answers = await Promise.all(Array.from({ length: 20 }, () => f.selfScan(qr.qr_token, [joined.secret])));
  expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
  expect(answers.filter((a) => a.body.data.action === "stamp")).toHaveLength(3);
  expect(answers.filter((a) => a.body.data.action === "wait")).toHaveLength(17);
  expect(await stamped(joined.card.serial)).toMatchObject({ stamps: 4, self_stamps_today: 3, n: 3 });
});

// Redeems and earns of points and cashback decide under the same card lock.
const balance = async (serial: string) =>
  (
    await t.query<{ stamps: number; lifetime_spend: number; rewards_redeemed: number; redeems: number; earns: number }>(
      sql`select c.stamps, c.lifetime_spend::int as lifetime_spend, c.rewards_redeemed,
            (select count(*)::int from card_events e where e.card_id = c.id and e.kind = 'redeem') as redeems,
            (select count(*)::int from scans s where s.card_id = c.id and s.kind = 'stamp') as earns
          from cards c where c.serial = ${serial}`,
    )
  )[0]!;
const scanWith = (token: string, serial: string, amount?: string) =>
  t.post<ScanResult>("/qr-code-scanner", { code: serial, amount }, { token });

it("20 concurrent redeems of an option never take the balance below zero: the serial outcome", async () => {
  const { token, reward, qr } = await k.programmeOf({ kind: "points", points_per_visit: 250 });
  const option = await k.addOption(reward.id, "Coffee", 30);
  const { card } = await f.join(qr.qr_token);
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => t.post("/card-redeem", { serial: card.serial, option_id: option }, { token })),
  );
  // One after another: 8 redeems of 30 from 250, then 10 left and 12 refusals.
  expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(8);
  expect(answers.filter((a) => a.statusCode === 422).map((a) => a.body.message)).toEqual(
    Array(12).fill("The card has only 10 points."),
  );
  expect(await balance(card.serial)).toMatchObject({ stamps: 10, rewards_redeemed: 8, redeems: 8 });
});

it("20 concurrent cashback redeems take exactly what the balance holds", async () => {
  const { token, qr } = await k.programmeOf({ kind: "cashback", cashback_basis_points: 1000 });
  const { card } = await f.join(qr.qr_token);
  await scanWith(token, card.serial, "95");
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => t.post("/card-redeem", { serial: card.serial, amount: "1.00" }, { token })),
  );
  expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(9);
  expect(answers.filter((a) => a.statusCode === 422)).toHaveLength(11);
  expect(await balance(card.serial)).toMatchObject({ stamps: 50, rewards_redeemed: 9, redeems: 9 });
});

it("20 concurrent earns with amounts add the serial sum", async () => {
  const { token, qr } = await k.programmeOf({ kind: "points", points_per_unit: 1 });
  const { card } = await f.join(qr.qr_token);
  // 1.99, 2.99 … 20.99: each earns its whole units (rounded down), 210 points in all.
  const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => scanWith(token, card.serial, `${i + 1}.99`)));
  expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
  expect(new Set(answers.map((a) => a.body.data.stamps)).size).toBe(20);
  expect(await balance(card.serial)).toMatchObject({ stamps: 210, lifetime_spend: 22_980, earns: 20 });

  const cash = await k.programmeOf({ kind: "cashback", cashback_basis_points: 500 });
  const other = await f.join(cash.qr.qr_token);
  await Promise.all(Array.from({ length: 20 }, () => scanWith(cash.token, other.card.serial, "10.00")));
  expect(await balance(other.card.serial)).toMatchObject({ stamps: 1000, lifetime_spend: 20_000, earns: 20 });
});

it("20 concurrent staff stamps of one card, written without a lock, each count once: 20 stamps, scans and history rows", async () => {
  // A staff stamp is one statement after an unlocked read (engine/apply.ts applyChangeAtOnce): a
  // write that finds the row changed since its read writes nothing and decides again.
  const { token, qr } = await f.programme({ stamps_required: 50 });
  const { card } = await f.join(qr.qr_token);
  const answers = await Promise.all(Array.from({ length: 20 }, () => f.staffScan(token, card.serial)));
  expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
  // Each answer saw its own stamp: 2 … 21 (the join gave the first).
  expect(answers.map((a) => (a.body.data as ScanResult).stamps).sort((a, b) => a - b)).toEqual(
    Array.from({ length: 20 }, (_, i) => i + 2),
  );
  expect(await stamped(card.serial)).toMatchObject({ stamps: 21, n: 20 });
  const [history] = await t.query<{ n: number }>(
    sql`select count(*)::int as n from card_events e join cards c on c.id = e.card_id
        where c.serial = ${card.serial} and e.kind = 'stamp'`,
  );
  expect(history!.n).toBe(20);
});
