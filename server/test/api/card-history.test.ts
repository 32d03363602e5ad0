import { sql } from "drizzle-orm";
import type { CardHistory, CardSummary } from "../../../contract/cards";
import { createTestApp, expectError, expectInvalid, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";

// Corrections with a reason, and a card's append-only history.
jest.setTimeout(30_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

const stateOf = async (serial: string) =>
  (
    await t.query<{ stamps: number; events: number }>(
      sql`select c.stamps, (select count(*)::int from card_events e where e.card_id = c.id) as events
          from cards c where c.serial = ${serial}`,
    )
  ).map((r) => ({ stamps: Number(r.stamps), events: Number(r.events) }))[0]!;

const history = (token: string, serial: string, query: Record<string, string> = {}) =>
  t.get<CardHistory>("/card-history", { token, query: { serial, ...query } });

describe("card-adjust", () => {
  it("the owner adds and removes stamps with a reason, never below 0, and the history says who and why", async () => {
    const { token, qr } = await f.programme({ stamps_required: 10 });
    const { card } = await f.join(qr.qr_token);
    const add = await t.post<CardSummary>(
      "/card-adjust",
      { serial: card.serial.toLowerCase(), delta: 2, reason: " Forgot two stamps on Monday " },
      { token },
    );
    expect(add.statusCode).toBe(200);
    expect(add.body.message).toBe("Added 2 stamps: the card has 3 now.");
    expect(add.body.data).toMatchObject({ serial: card.serial, stamps: 3, flag_reason: null });
    const remove = await t.post<CardSummary>(
      "/card-adjust",
      { serial: card.serial, delta: -10, reason: "Test card" },
      { token },
    );
    expect(remove.body.data.stamps).toBe(0);
    const list = (await history(token, card.serial)).body.data;
    expect(list.card).toMatchObject({ stamps: 0, reward_title: "Free coffee", stamps_required: 10 });
    expect(list.items.map((e) => [e.kind, e.delta, e.stamps_after, e.reason])).toEqual([
      ["adjust", -3, 0, "Test card"],
      ["adjust", 2, 3, "Forgot two stamps on Monday"],
      ["join", 1, 1, null],
    ]);
    expect(list.items[0]!.actor_name).toBeTruthy();
    expect(list.items[2]).toMatchObject({ actor_name: null, qr_label: "Counter" });
  });

  it("refuses bad input with field messages and writes nothing", async () => {
    const { token, qr } = await f.programme();
    const { card } = await f.join(qr.qr_token);
    const before = await stateOf(card.serial);
    for (const [body, fields] of [
      [{ serial: card.serial, delta: 0, reason: "x" }, ["delta"]],
      [{ serial: card.serial, delta: 1.5, reason: "x" }, ["delta"]],
      [{ serial: card.serial, delta: 1000, reason: "x" }, ["delta"]],
      [{ serial: card.serial, delta: 1 }, ["reason"]],
      [{ serial: card.serial, delta: 1, reason: "   " }, ["reason"]],
      [{ serial: card.serial, delta: 1, reason: "x".repeat(201) }, ["reason"]],
      [{ serial: "nope", delta: 1, reason: "x" }, ["serial"]],
    ] as const) {
      expectInvalid(await t.post("/card-adjust", body, { token }), [...fields]);
    }
    expect(await stateOf(card.serial)).toEqual(before);
  });

  it("staff are refused unless the owner allows it in the staff settings", async () => {
    const { token, qr } = await f.programme();
    const { card } = await f.join(qr.qr_token);
    const staff = await f.staffOf(token, `staff-${Date.now()}@example.com`);
    const before = await stateOf(card.serial);
    const refused = await t.post(
      "/card-adjust",
      { serial: card.serial, delta: 1, reason: "Friend" },
      { token: staff.token },
    );
    expectError(refused, 403, /Only the owner can correct/);
    expect(await stateOf(card.serial)).toEqual(before);
    // Staff cannot change the setting themselves.
    expectError(await t.post("/staff-settings-update", { staff_may_adjust: true }, { token: staff.token }), 403);
    expect((await t.get("/staff-settings", { token })).body.data).toEqual({ staff_may_adjust: false });
    expectInvalid(await t.post("/staff-settings-update", {}, { token }), ["staff_may_adjust"]);
    expectInvalid(await t.post("/staff-settings-update", { staff_may_adjust: "maybe" }, { token }), [
      "staff_may_adjust",
    ]);
    await t.post("/staff-settings-update", { staff_may_adjust: true }, { token });
    expect((await t.get("/staff-settings", { token })).body.data).toEqual({ staff_may_adjust: true });
    const allowed = await t.post(
      "/card-adjust",
      { serial: card.serial, delta: 1, reason: "Missed" },
      { token: staff.token },
    );
    expect(allowed.statusCode).toBe(200);
    const list = (await history(staff.token, card.serial)).body.data;
    expect(list.items[0]).toMatchObject({ kind: "adjust", actor_name: "Sam Staff", reason: "Missed" });
  });

  it("another owner gets 404 and changes nothing", async () => {
    const { qr } = await f.programme();
    const { card } = await f.join(qr.qr_token);
    const other = await f.owner();
    const before = await stateOf(card.serial);
    expectError(
      await t.post("/card-adjust", { serial: card.serial, delta: 5, reason: "Mine now" }, { token: other }),
      404,
    );
    expectError(await history(other, card.serial), 404);
    expect(await stateOf(card.serial)).toEqual(before);
  });
});

describe("card-history", () => {
  it("lists stamps, redeems and fraud flags with the staff member and QR code, paged with a maximum", async () => {
    const { token, qr } = await f.programme({ stamps_required: 2, cooldown_minutes: 0, daily_cap: 0 });
    const joined = await f.join(qr.qr_token);
    await f.selfScan(qr.qr_token, [joined.secret]); // stamp 2
    const staff = await f.staffOf(token, `staff-${Date.now()}@example.com`);
    await f.staffScan(staff.token, joined.card.serial); // redeem
    for (let i = 0; i < 5; i++) await f.staffScan(staff.token, joined.card.serial); // the 6th stamp of the day: flag
    const all = (await history(token, joined.card.serial, { per_page: "100" })).body.data;
    const kinds = all.items.map((e) => e.kind).reverse();
    expect(kinds).toEqual(["join", "stamp", "redeem", "stamp", "stamp", "redeem", "stamp", "stamp", "flag"]);
    const flag = all.items[0]!;
    expect(flag).toMatchObject({
      kind: "flag",
      reason: "More than 5 stamps on this card today.",
      actor_name: "Sam Staff",
    });
    expect(all.card.flag_reason).toBe("More than 5 stamps on this card today.");
    expect(all.items.find((e) => e.kind === "redeem")).toMatchObject({ delta: -2, actor_name: "Sam Staff" });
    expect(all.items.at(-2)).toMatchObject({ kind: "stamp", qr_label: "Counter", actor_name: null });
    const page = (await history(token, joined.card.serial, { per_page: "3", page: "2" })).body.data;
    expect(page).toMatchObject({ total: 9, page: 2, per_page: 3, last_page: 3 });
    expect(page.items.map((e) => e.id)).toEqual(all.items.slice(3, 6).map((e) => e.id));
    expectInvalid(await history(token, joined.card.serial, { per_page: "500" }), ["per_page"]);
    // My Scans shows the flag on the card's rows.
    const scans = await t.get<{ items: { serial: string; flag_reason: string | null }[] }>("/scan-list", { token });
    expect(scans.body.data.items[0]).toMatchObject({
      serial: joined.card.serial,
      flag_reason: "More than 5 stamps on this card today.",
    });
  });
});
