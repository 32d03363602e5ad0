import { sql } from "drizzle-orm";
import type { Automation } from "../../../contract/automations";
import { runAutomations } from "../../src/modules/automations/run";
import { EXPIRY_CRON, expireCards } from "../../src/modules/loyalty/rewards/expiry";
import { createTestApp, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";

// Expiry: unspent stamps or points lapse `expire_after_days` after the card's last
// earn, by a daily job, with a history entry; an "about to expire" automation warns 7 days before.
jest.setTimeout(60_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

/** A programme whose balance lapses 30 days after the last earn (points or stamps), for long enough that no card's window started with it. */
async function expiring(kind: "stamps" | "points" | "cashback" = "stamps") {
  const p = await f.programme({ stamps_required: 10 });
  // A valid programme of each kind: points earn 1 per 1.00 spent (none per visit), cashback 5 %.
  await t.query(
    sql`update rewards set expire_after_days = 30, expiry_from = null, kind = ${kind},
          points_per_unit = ${kind === "points" ? 1 : 0}, cashback_basis_points = ${kind === "cashback" ? 500 : 0}
        where id = ${p.reward.id}`,
  );
  return p;
}

/** A card with `balance` whose last visit and earn were `ago` (an SQL interval) ago. */
async function cardWith(qrToken: string, balance: number, ago: string) {
  const joined = await f.join(qrToken);
  await t.query(
    sql`update cards set stamps = ${balance}, last_visit_at = now() - ${ago}::interval, earned_at = now() - ${ago}::interval
        where serial = ${joined.card.serial}`,
  );
  return joined;
}

const cardOf = async (serial: string) =>
  (await t.query<{ stamps: number }>(sql`select stamps from cards where serial = ${serial}`))[0]!.stamps;
const historyOf = (serial: string) =>
  t.query<{ kind: string; delta: number; stamps_after: number; unit: string }>(sql`
    select e.kind, e.delta, e.stamps_after, e.unit from card_events e join cards c on c.id = e.card_id
    where c.serial = ${serial} order by e.id`);
/** The scheduled job's handler, as the queue runs it (pg-boss delivers it at least once). */
const runJob = async () => {
  await t.app.jobs.enqueue(t.database.db, "card-expiry", {});
  await t.settle();
};

it("expires a balance on the day it lapses, not the day before, with a history entry", async () => {
  const p = await expiring();
  const due = await cardWith(p.qr.qr_token, 7, "30 days 1 minute");
  const dayBefore = await cardWith(p.qr.qr_token, 7, "29 days 23 hours");
  const empty = await cardWith(p.qr.qr_token, 0, "90 days");

  await runJob();
  expect(await cardOf(due.card.serial)).toBe(0);
  expect(await cardOf(dayBefore.card.serial)).toBe(7);
  expect((await historyOf(due.card.serial)).at(-1)).toEqual({
    kind: "expire",
    delta: -7,
    stamps_after: 0,
    unit: "stamps",
  });
  expect((await historyOf(dayBefore.card.serial)).map((e) => e.kind)).toEqual(["join"]);
  expect((await historyOf(empty.card.serial)).map((e) => e.kind)).toEqual(["join"]);
  // A lapse is not a visit: the card's last visit stays where it was.
  const [visit] = await t.query<{ lapsed: boolean }>(
    sql`select last_visit_at < now() - interval '30 days' as lapsed from cards where serial = ${due.card.serial}`,
  );
  expect(visit!.lapsed).toBe(true);

  // An hour later the day-before card has lapsed too.
  await t.query(
    sql`update cards set earned_at = earned_at - interval '1 hour' where serial = ${dayBefore.card.serial}`,
  );
  expect((await expireCards(t.database.db, t.app.events)).expired).toBeGreaterThanOrEqual(1);
  expect(await cardOf(dayBefore.card.serial)).toBe(0);
});

it("changes nothing when run twice, and never expires cashback or a programme without expiry", async () => {
  const points = await expiring("points");
  const lapsed = await cardWith(points.qr.qr_token, 340, "40 days");
  const cashback = await expiring("cashback");
  const money = await cardWith(cashback.qr.qr_token, 460, "400 days");
  const never = await f.programme();
  const kept = await cardWith(never.qr.qr_token, 4, "400 days");

  await runJob();
  await runJob();
  expect(await historyOf(lapsed.card.serial)).toEqual([
    // A points programme with no points per visit: the join earns none.
    { kind: "join", delta: 0, stamps_after: 0, unit: "points" },
    { kind: "expire", delta: -340, stamps_after: 0, unit: "points" },
  ]);
  expect(await cardOf(money.card.serial)).toBe(460);
  expect(await cardOf(kept.card.serial)).toBe(4);
  expect((await expireCards(t.database.db, t.app.events)).expired).toBe(0);
});

it("is scheduled once a day", async () => {
  const [schedule] = await t.query<{ cron: string }>(sql`select cron from pgboss.schedule where name = 'card-expiry'`);
  expect(schedule?.cron).toBe(EXPIRY_CRON);
  expect(EXPIRY_CRON.split(" ").slice(2)).toEqual(["*", "*", "*"]);
});

it("sends the about-to-expire message 7 days before the expiry, once per card per expiry date", async () => {
  const p = await expiring();
  const save = await t.post<Automation>(
    "/automation-save",
    {
      business_id: p.business.id,
      kind: "about_to_expire",
      enabled: true,
      title: "Use it, {name}",
      message: "Your stamps at {business} expire soon.",
    },
    { token: p.token },
  );
  expect(save.statusCode).toBe(200);
  const sevenDays = await cardWith(p.qr.qr_token, 3, "23 days");
  const eightDays = await cardWith(p.qr.qr_token, 3, "22 days");
  await cardWith(p.qr.qr_token, 0, "23 days"); // nothing left to lose: no message

  const sentTo = async () =>
    (
      await t.query<{ serial: string; title: string }>(sql`
        select c.serial, m.title from automation_sends s join automations a on a.id = s.automation_id
        join cards c on c.id = s.card_id join business_messages m on m.id = s.message_id
        where a.business_id = ${p.business.id} and a.kind = 'about_to_expire' order by s.id`)
    ).map((r) => r.serial);

  expect((await runAutomations(t.database.db)).sent).toBe(1);
  expect((await runAutomations(t.database.db)).sent).toBe(0);
  expect(await sentTo()).toEqual([sevenDays.card.serial]);

  // A day later the eight-days card is due; the first is not written to again.
  expect((await runAutomations(t.database.db, new Date(Date.now() + 86_400_000 + 60_000))).sent).toBe(1);
  expect(await sentTo()).toEqual([sevenDays.card.serial, eightDays.card.serial]);

  // An earn moves the expiry date: the next lapse gets its own notice.
  await f.staffScan(p.token, sevenDays.card.serial);
  await t.query(sql`update cards set earned_at = now() - interval '24 days' where serial = ${sevenDays.card.serial}`);
  expect((await runAutomations(t.database.db)).sent).toBe(1);
  expect(await sentTo()).toEqual([sevenDays.card.serial, eightDays.card.serial, sevenDays.card.serial]);
});
