import { sql } from "drizzle-orm";
import type { CounterCode, QrCode } from "../../../lib/contract/qr-codes";
import { createTestApp, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";

// Issue 15 §6: a counter code and the daily cap hold under concurrent scans. Each rule is decided
// under the card's row lock (stamping.ts), so this runs the same on PGlite and PostgreSQL (CI
// runs the API suite on both).
jest.setTimeout(60_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
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
