import { sql } from "drizzle-orm";
import type { CardHistory } from "../../../contract/cards";
import type { NotificationList } from "../../../contract/notifications";
import { createTestApp, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";

// Stamps added by a correction count toward the card's stamps of the day for the
// business's fraud threshold, and the alert names who corrected.
jest.setTimeout(30_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

const alerts = async (token: string) =>
  (await t.get<NotificationList>("/notification-list", { token })).body.data.notificationData.filter(
    (n) => n.kind === "fraud_alert",
  );

const cardState = async (serial: string) => {
  const [row] = await t.query<{ stamps_today: number; flag_reason: string | null; flags: number }>(
    sql`select c.stamps_today, c.flag_reason,
          (select count(*)::int from card_events e where e.card_id = c.id and e.kind = 'flag') as flags
        from cards c where c.serial = ${serial}`,
  );
  return { stampsToday: Number(row!.stamps_today), flagReason: row!.flag_reason, flags: Number(row!.flags) };
};

const adjust = (token: string, serial: string, delta: number) =>
  t.post("/card-adjust", { serial, delta, reason: "Correction" }, { token });

/** A programme whose staff may correct, with a card whose day starts fresh (no stamps today). */
async function setUp() {
  const programme = await f.programme({ stamps_required: 50 });
  const staff = await f.staffOf(programme.token, `staff-${Date.now()}-${Math.random()}@example.com`);
  await t.post("/staff-settings-update", { staff_may_adjust: true }, { token: programme.token });
  const joined = await f.join(programme.qr.qr_token);
  await t.query(sql`update cards set stamp_day = stamp_day - 1 where serial = ${joined.card.serial}`);
  return { ...programme, staff, serial: joined.card.serial };
}

describe("corrections and the fraud threshold", () => {
  it("three +100 corrections by staff flag the card once, the alert naming the staff member", async () => {
    const { token, staff, serial } = await setUp();
    for (let i = 0; i < 3; i++) expect((await adjust(staff.token, serial, 100)).statusCode).toBe(200);
    await t.settle();
    const reason = "More than 5 stamps on this card today. Added by correction today: Sam Staff (staff) +100.";
    const raised = await alerts(token);
    expect(raised).toHaveLength(1);
    expect(raised[0]!.text).toContain(reason);
    expect(await cardState(serial)).toEqual({ stampsToday: 300, flagReason: reason, flags: 1 });
    const history = (await t.get<CardHistory>("/card-history", { token, query: { serial } })).body.data;
    expect(history.items.find((e) => e.kind === "flag")).toMatchObject({ actor_name: "Sam Staff", reason });
  });

  it("corrections and stamps together crossing the threshold flag the card, naming who corrected", async () => {
    const { token, staff, serial } = await setUp();
    expect((await adjust(token, serial, 2)).statusCode).toBe(200);
    expect((await adjust(staff.token, serial, 1)).statusCode).toBe(200);
    expect((await adjust(staff.token, serial, 1)).statusCode).toBe(200);
    await f.staffScan(staff.token, serial); // 5 today
    await t.settle();
    expect(await alerts(token)).toHaveLength(0);
    await f.staffScan(staff.token, serial); // 6: more than 5
    await t.settle();
    const reason =
      "More than 5 stamps on this card today. Added by correction today: Direct User (owner) +2, Sam Staff (staff) +2.";
    expect((await alerts(token)).map((n) => n.text)).toEqual([expect.stringContaining(reason)]);
    expect(await cardState(serial)).toMatchObject({ stampsToday: 6, flagReason: reason, flags: 1 });
  });

  it("a correction crossing the threshold after stamps flags the card; later ones raise nothing more", async () => {
    const { token, staff, serial } = await setUp();
    for (let i = 0; i < 4; i++) await f.staffScan(staff.token, serial);
    expect((await adjust(token, serial, 2)).statusCode).toBe(200); // 6 today
    expect((await adjust(token, serial, 50)).statusCode).toBe(200);
    await t.settle();
    expect(await alerts(token)).toHaveLength(1);
    expect(await cardState(serial)).toMatchObject({
      stampsToday: 56,
      flagReason: "More than 5 stamps on this card today. Added by correction today: Direct User (owner) +2.",
      flags: 1,
    });
  });

  it("a negative correction counts nothing toward the day", async () => {
    const { token, staff, serial } = await setUp();
    for (let i = 0; i < 5; i++) await f.staffScan(staff.token, serial);
    expect((await adjust(staff.token, serial, -3)).statusCode).toBe(200);
    expect((await adjust(staff.token, serial, -100)).statusCode).toBe(200);
    await t.settle();
    expect(await alerts(token)).toHaveLength(0);
    expect(await cardState(serial)).toEqual({ stampsToday: 5, flagReason: null, flags: 0 });
  });

  it("concurrent corrections and stamps count every stamp once and flag the card once", async () => {
    const { token, staff, serial } = await setUp();
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, () => adjust(staff.token, serial, 2)),
      ...Array.from({ length: 6 }, () => f.staffScan(staff.token, serial)),
      adjust(token, serial, -1),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(13).fill(200));
    await t.settle();
    expect(await alerts(token)).toHaveLength(1);
    expect(await cardState(serial)).toMatchObject({ stampsToday: 18, flags: 1 });
    const [row] = await t.query<{ stamps: number }>(sql`select stamps from cards where serial = ${serial}`);
    expect(Number(row!.stamps)).toBe(1 + 18 - 1);
  });
});
