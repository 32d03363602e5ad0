import { sql } from "drizzle-orm";
import { Client } from "pg";
import type { DashboardDetails } from "../../../contract/dashboard";
import type { Paginated } from "../../../contract/pagination";
import type { QrCode } from "../../../contract/qr-codes";
import { createTestApp, type Res, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";
import { ROLLUP_PARTS } from "../../src/db/schema/rollup-part";

// The rollups a stamp updates (scan_days, programme_totals) keep a few rows per key, so a stamp
// never waits for another card's stamp at the same business to commit; readers sum the rows.
let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
let other: Client;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
  other = new Client({ connectionString: t.testDatabase!.url });
  await other.connect();
});
afterAll(async () => {
  await other.end();
  await t.close();
});

/** A backend of this database (other than `other`) waits for a lock: answers once one does. */
async function someoneWaitsForALock(stop: { answered: boolean }) {
  while (!stop.answered) {
    const { rows } = await other.query(
      `select 1 from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
         and wait_event_type = 'Lock'`,
    );
    if (rows.length > 0) return "waited for a lock" as const;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return "answered" as const;
}

/** The part of the rollups a transaction counts in: its id's (the 32-bit xid of a row's xmin has the same remainder). */
const partOf = (xid: number | string) => Number(BigInt(xid) % BigInt(ROLLUP_PARTS));

/**
 * Runs `stamp` of card `serial` while `other` holds an uncommitted change written by `held` (the
 * stamp of another card of the business, still committing): answers whether the stamp answered or
 * waited for a lock, and its answer once the held change committed.
 *
 * Two transactions that fall in one part wait for each other, by design. Transaction ids are
 * shared with the other test files' databases on the server, so which part the stamp falls in is
 * not this test's to choose: an attempt whose two transactions fell in one part is made again, and
 * the outcome is that of the first attempt in two parts.
 */
async function whileAnotherCommits<T>(held: string, values: unknown[], serial: string, stamp: () => Promise<Res<T>>) {
  for (let attempt = 1; ; attempt++) {
    await other.query("begin");
    const [{ txid }] = (await other.query<{ txid: string }>("select txid_current()::text as txid")).rows as [
      { txid: string },
    ];
    await other.query(held, values);
    const stop = { answered: false };
    const answer = stamp().then((res) => {
      stop.answered = true;
      return res;
    });
    const outcome = await Promise.race([answer.then(() => "answered" as const), someoneWaitsForALock(stop)]);
    stop.answered = true;
    await other.query("commit");
    const res = await answer;
    const [{ xid }] = (
      await other.query<{ xid: string }>(
        `select xmin::text as xid from card_events where card_id = (select id from cards where serial = $1)
           order by id desc limit 1`,
        [serial],
      )
    ).rows as [{ xid: string }];
    if (partOf(xid) !== partOf(txid) || attempt === 20) return { outcome, res, attempts: attempt };
  }
}

const details = async (token: string) => (await t.get<DashboardDetails>("/dashboard-details", { token })).body.data;

it("a staff stamp does not wait for another card's stamp at the business to commit, and the figures count both", async () => {
  const { token, qr } = await f.programme({ stamps_required: 10 });
  const first = await f.join(qr.qr_token);
  const second = await f.join(qr.qr_token);
  const before = await details(token);
  expect(before).toMatchObject({ stamps_today: 2, stamps_30_days: 2 });

  // Another stamp of the first card, as the engine writes it (a staff scan: no QR code), not yet committed.
  const { outcome, res, attempts } = await whileAnotherCommits(
    `insert into scans (user_id, business_id, card_id, kind, stamps_after, actor)
       select user_id, business_id, id, 'stamp', 2, 'owner' from cards where serial = $1`,
    [first.card.serial],
    second.card.serial,
    () => f.staffScan(token, second.card.serial),
  );
  expect(outcome).toBe("answered");
  expect(res.statusCode).toBe(200);
  const stamps = 2 + 2 * attempts;
  expect(await details(token)).toMatchObject({ stamps_today: stamps, stamps_30_days: stamps, rewards_redeemed: 0 });
});

it("a points earn does not wait for another card's earn at the business to commit, and the totals count both", async () => {
  const token = await f.owner();
  const business = await f.addBusiness(token);
  const reward = await f.addReward(token, business.id, { title: "Points", kind: "points", points_per_visit: 5 });
  const qr = await f.generateQr(token, business.id, { reward_id: reward.id });
  const first = await f.join(qr.qr_token);
  const second = await f.join(qr.qr_token);
  const before = await details(token);

  const { outcome, res, attempts } = await whileAnotherCommits(
    `insert into card_events (user_id, business_id, card_id, kind, delta, stamps_after, unit)
       select user_id, business_id, id, 'stamp', 7, stamps + 7, 'points' from cards where serial = $1`,
    [first.card.serial],
    second.card.serial,
    () => f.staffScan(token, second.card.serial),
  );
  expect(outcome).toBe("answered");
  expect(res.statusCode).toBe(200);
  expect((await details(token)).points_issued).toBe(before.points_issued + (7 + 5) * attempts);
});

it("scans counted before the rollups had parts are taken away in the part of the change", async () => {
  const { token, business, qr } = await f.programme({ stamps_required: 10 });
  const joined = await Promise.all([f.join(qr.qr_token), f.join(qr.qr_token), f.join(qr.qr_token)]);
  for (const card of joined) expect((await f.staffScan(token, card.card.serial)).statusCode).toBe(200);
  const qrCount = async () =>
    (await t.get<Paginated<QrCode>>("/list-qrcode", { token })).body.data.items.find((code) => code.id === qr.id)
      ?.scans_count;
  expect(await qrCount()).toBe(3);
  // As a database migrated from before the parts: every count in part 0.
  await t.query(sql`
    with old as (delete from scan_days where business_id = ${business.id} returning *)
    insert into scan_days (user_id, business_id, qr_code_id, day, part, joins, stamps, redeems)
    select user_id, business_id, qr_code_id, day, 0, sum(joins), sum(stamps), sum(redeems) from old group by 1, 2, 3, 4`);
  const figures = await details(token);
  expect(figures).toMatchObject({ stamps_today: 6, stamps_30_days: 6 });

  // A scan moved off its QR code (as deleting the code does) and one deleted, each in a transaction of its own.
  const ids = (
    await t.query<{ id: number }>(sql`select id from scans where business_id = ${business.id} order by id`)
  ).map((row) => row.id);
  await t.query(sql`update scans set qr_code_id = null where id = ${ids[0]!}`);
  await t.query(sql`delete from scans where id = ${ids.at(-1)!}`);
  expect(await qrCount()).toBe(2);
  expect(await details(token)).toMatchObject({ stamps_today: 5, stamps_30_days: 5 });
  const [totals] = await t.query<{ joins: number; stamps: number }>(
    sql`select sum(joins)::int as joins, sum(stamps)::int as stamps from scan_days where business_id = ${business.id}`,
  );
  expect(totals).toEqual({ joins: 3, stamps: 2 });
});
