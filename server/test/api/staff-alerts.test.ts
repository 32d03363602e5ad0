import { sql } from "drizzle-orm";
import { STAFF_ALERT_MIN_EARNS, type AnalyticsStaff, type StaffAlert } from "../../../contract/analytics";
import { staffAlertMails } from "../../src/modules/insights/staff-alerts";
import { createTestApp, expectError, expectInvalid, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";

// The owner's fraud-alert threshold (staff-alert-update), the alert analytics-staff raises per
// staff member, and the daily mail that tells the owner. Earns and payments are written at known
// instants, as in insights-staff.test.ts.
jest.setTimeout(60_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

const DAY = "2026-03-10";
const at = (minutes: number, day = DAY) => new Date(Date.parse(`${day}T12:00:00Z`) + minutes * 60_000).toISOString();

let emails = 0;
/** An owner's business with a card and `staff` staff members (ids); with a till connected when asked. */
async function setup(till: boolean, staff = 3) {
  const { token, business, qr } = await f.programme();
  await f.join(qr.qr_token);
  const staffIds: number[] = [];
  for (const name of ["a", "b", "c"].slice(0, staff)) {
    const email = `alert-${name}-${++emails}-${Date.now()}@example.com`;
    await f.staffOf(token, email);
    const [row] = await t.query<{ id: number }>(sql`select id from users where email = ${email}`);
    staffIds.push(row!.id);
  }
  const [c] = await t.query<{ id: number; user_id: number }>(
    sql`select id, user_id from cards where business_id = ${business.id}`,
  );
  const [owner] = await t.query<{ id: number; email: string }>(
    sql`select u.id, u.email from users u join businesses b on b.user_id = u.id where b.id = ${business.id}`,
  );
  if (till) {
    await t.query(sql`insert into pos_connections (user_id, business_id, provider, secret)
      values (${c!.user_id}, ${business.id}, 'square', 'secret')`);
  }
  let order = 0;
  /**
   * `n` earns by a staff member an hour apart on `day`, the first `paid` of them with a till payment
   * a minute later; each member's earns 20 minutes from the others', beyond each other's payments.
   */
  const earns = async (staffId: number, n: number, paid: number, day = DAY) => {
    const offset = staffIds.indexOf(staffId) * 20;
    for (let i = 0; i < n; i++) {
      const minute = i * 60 + offset;
      await t.query(sql`insert into scans (user_id, business_id, card_id, staff_user_id, kind, stamps_after, created_at)
        values (${c!.user_id}, ${business.id}, ${c!.id}, ${staffId}, 'stamp', 1, ${at(minute, day)}::timestamptz)`);
      if (i < paid) {
        await t.query(sql`insert into sales (user_id, business_id, card_id, kind, order_id, amount, currency, occurred_at)
          values (${c!.user_id}, ${business.id}, null, 'sale', ${`o-${staffId}-${++order}`}, 500, 'EUR',
            ${at(minute + 1, day)}::timestamptz)`);
      }
    }
  };
  return { token, business, owner: owner!, staffIds, earns };
}

const read = (token: string, businessId: number, day = DAY) =>
  t.get<AnalyticsStaff>("/analytics-staff", { token, query: { business_id: String(businessId), from: day, to: day } });
const save = (token: string, body: Record<string, unknown>) =>
  t.post<StaffAlert>("/staff-alert-update", body, { token });
const threshold = async (token: string, businessId: number) => (await read(token, businessId)).body.data.alert_percent;
const rowOf = (data: AnalyticsStaff, id: number) => data.staff.find((s) => s.user_id === id);

describe("staff-alert-update", () => {
  it("saves the owner's threshold, answers it in analytics-staff, and turns it off with null", async () => {
    const s = await setup(true);
    expect(await threshold(s.token, s.business.id)).toBeNull();
    const res = await save(s.token, { business_id: s.business.id, percent: 30 });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual({ business_id: s.business.id, percent: 30 });
    const answer = (await read(s.token, s.business.id)).body.data;
    expect(answer.alert_percent).toBe(30);
    expect(answer.alert_min_earns).toBe(STAFF_ALERT_MIN_EARNS);
    // A form's string is taken as its number; null turns alerts off.
    expect((await save(s.token, { business_id: s.business.id, percent: "100" })).body.data.percent).toBe(100);
    expect((await save(s.token, { business_id: s.business.id, percent: null })).statusCode).toBe(200);
    expect(await threshold(s.token, s.business.id)).toBeNull();
  });

  it("refuses a threshold outside 1–100 or not whole with 422 and writes nothing", async () => {
    const s = await setup(true);
    await save(s.token, { business_id: s.business.id, percent: 40 });
    for (const percent of [0, 101, -5, 12.5, "abc", ""]) {
      expectInvalid(await save(s.token, { business_id: s.business.id, percent }), ["percent"]);
    }
    expectInvalid(await save(s.token, { business_id: s.business.id }), ["percent"]);
    expectInvalid(await save(s.token, { percent: 20 }), ["business_id"]);
    expect(await threshold(s.token, s.business.id)).toBe(40);
  });

  it("answers 404 for another owner's business and 403 to staff, and changes nothing", async () => {
    const s = await setup(true);
    await save(s.token, { business_id: s.business.id, percent: 40 });
    const other = await f.owner();
    expectError(await save(other, { business_id: s.business.id, percent: 5 }), 404);
    const staff = await f.staffOf(s.token, `alert-reader-${++emails}-${Date.now()}@example.com`);
    expect((await save(staff.token, { business_id: s.business.id, percent: 5 })).statusCode).toBe(403);
    expect(await threshold(s.token, s.business.id)).toBe(40);
    // The other owner's own reads show none of it.
    expectError(await read(other, s.business.id), 404);
  });
});

describe("the alert in analytics-staff", () => {
  it("flags a staff member whose unmatched share is above the threshold, with the minimum of earns", async () => {
    const s = await setup(true);
    const [a, b, c] = s.staffIds as [number, number, number];
    await s.earns(a, 10, 4); // 6 of 10 unmatched: 60 %
    await s.earns(b, 10, 5); // 5 of 10 unmatched: 50 %, not above 50
    await s.earns(c, STAFF_ALERT_MIN_EARNS - 1, 0); // all unmatched, but too few earns
    let data = (await read(s.token, s.business.id)).body.data;
    // No threshold: no alerts.
    expect(data.staff.map((row) => row.alert)).toEqual([false, false, false]);
    await save(s.token, { business_id: s.business.id, percent: 50 });
    data = (await read(s.token, s.business.id)).body.data;
    expect(rowOf(data, a)).toMatchObject({ earns: 10, matched: 4, unmatched: 6, unmatched_share: 0.6, alert: true });
    expect(rowOf(data, b)).toMatchObject({ earns: 10, unmatched: 5, unmatched_share: 0.5, alert: false });
    expect(rowOf(data, c)).toMatchObject({ earns: STAFF_ALERT_MIN_EARNS - 1, unmatched_share: 1, alert: false });
    await save(s.token, { business_id: s.business.id, percent: 49 });
    data = (await read(s.token, s.business.id)).body.data;
    expect(rowOf(data, b)!.alert).toBe(true);
  });

  it("raises no alert without a till connected", async () => {
    const s = await setup(false);
    const [a] = s.staffIds as [number, number, number];
    await s.earns(a, 12, 0);
    await save(s.token, { business_id: s.business.id, percent: 10 });
    const data = (await read(s.token, s.business.id)).body.data;
    expect(data.till).toBe(false);
    expect(rowOf(data, a)).toMatchObject({ earns: 12, unmatched: null, unmatched_share: null, alert: false });
  });
});

describe("the daily staff alert mail", () => {
  // Run on 2026-03-20: the 7 days read are 13–19 March.
  const RUN = new Date("2026-03-20T06:47:00Z");
  const deps = () => ({ db: t.database.db, jobs: t.app.jobs, config: t.config });
  const alertMails = async (email: string) =>
    (await t.mailsTo(email)).filter((m) => m.text.includes("/dashboard/insights"));

  it("mails the owner once a day, in their language, naming the staff above the threshold", async () => {
    const s = await setup(true);
    const [a, b] = s.staffIds as [number, number, number];
    await t.query(sql`update users set locale = 'es' where id = ${s.owner.id}`);
    await t.query(sql`update users set name = 'Ana Alerta' where id = ${a}`);
    await s.earns(a, 6, 1, "2026-03-13");
    await s.earns(a, 6, 2, "2026-03-19"); // 9 of 12 unmatched over the week: 75 %
    await s.earns(b, 12, 12, "2026-03-15");
    await save(s.token, { business_id: s.business.id, percent: 50 });
    // Two runs at once and one after: one mail.
    await Promise.all([staffAlertMails(deps(), RUN), staffAlertMails(deps(), RUN)]);
    await staffAlertMails(deps(), new Date("2026-03-20T23:00:00Z"));
    await t.settle();
    const mails = await alertMails(s.owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/sin un pago en caja/);
    expect(mails[0]!.text).toContain("Ana Alerta: 9 de 12 sumas sin pago");
    expect(mails[0]!.text).not.toContain("Sam Staff");
    // The next day is another day's mail (13 March is out of its 7 days, 20 March in).
    await s.earns(a, 6, 0, "2026-03-20");
    await staffAlertMails(deps(), new Date("2026-03-21T06:47:00Z"));
    await t.settle();
    expect(await alertMails(s.owner.email)).toHaveLength(2);
  });

  it("mails nothing below the threshold, outside the 7 days, without a threshold or without a till", async () => {
    const below = await setup(true, 1);
    await below.earns(below.staffIds[0]!, 10, 6, "2026-03-14"); // 40 %
    await save(below.token, { business_id: below.business.id, percent: 50 });
    const old = await setup(true, 1);
    await old.earns(old.staffIds[0]!, 10, 0, "2026-03-12"); // before the 7 days
    await old.earns(old.staffIds[0]!, 10, 0, "2026-03-20"); // the run's own day
    await save(old.token, { business_id: old.business.id, percent: 50 });
    const off = await setup(true, 1);
    await off.earns(off.staffIds[0]!, 10, 0, "2026-03-14");
    const noTill = await setup(false, 1);
    await noTill.earns(noTill.staffIds[0]!, 10, 0, "2026-03-14");
    await save(noTill.token, { business_id: noTill.business.id, percent: 50 });
    await staffAlertMails(deps(), RUN);
    await t.settle();
    for (const s of [below, old, off, noTill]) expect(await alertMails(s.owner.email)).toHaveLength(0);
  });
});
