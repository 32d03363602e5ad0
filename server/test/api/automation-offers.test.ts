import { sql } from "drizzle-orm";
import type { Automation } from "../../../contract/automations";
import type { Offer } from "../../../contract/offers";
import { runAutomations } from "../../src/modules/automations/run";
import { createTestApp, expectInvalid, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";

// Birthday and win-back offers: the automations' daily run issues their vouchers, once a year on
// the birthday in the business's time zone, once per lapse for a win-back; never to the control group.
jest.setTimeout(60_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

const addOffer = async (token: string, businessId: number, fields: Record<string, unknown>) => {
  const res = await t.post<Offer>(
    "/offer-add",
    { business_id: businessId, title: "Treat", kind: "free_item", valid_days: 30, ...fields },
    { token },
  );
  if (res.statusCode !== 201) throw new Error(`offer-add failed: ${res.statusCode} ${res.text}`);
  return res.body.data;
};
const save = (token: string, body: Record<string, unknown>) => t.post<Automation>("/automation-save", body, { token });
const vouchersOf = (serial: string) =>
  t.query<{ title: string; issue_key: string }>(sql`select o.title, v.issue_key from vouchers v
    join offers o on o.id = v.offer_id join cards c on c.id = v.card_id where c.serial = ${serial} order by v.id`);
const messagesOf = (serial: string) =>
  t.query<{ title: string }>(sql`select m.title from message_recipients r
    join business_messages m on m.id = r.message_id join cards c on c.id = r.card_id
    where c.serial = ${serial} order by m.id`);
const run = (now: Date) => runAutomations(t.database.db, now, undefined, t.app.events);

describe("birthday offers", () => {
  it("issues each birthday offer's voucher once a year on the birthday in the business's time zone", async () => {
    const p = await f.programme();
    // 12:00 UTC on 10 March is already 11 March on Kiritimati (UTC+14).
    await t.query(sql`update businesses set time_zone = 'Pacific/Kiritimati' where id = ${p.business.id}`);
    const now = new Date("2031-03-10T12:00:00Z");
    const today = await f.join(p.qr.qr_token, { name: "Local Lia", birthday: "1990-03-11" });
    const utcDay = await f.join(p.qr.qr_token, { name: "Utc Ugo", birthday: "1990-03-10" });
    const none = await f.join(p.qr.qr_token, { name: "No Birthday" });
    await addOffer(p.token, p.business.id, { title: "Birthday cake", trigger: "birthday" });
    await addOffer(p.token, p.business.id, { title: "Birthday coffee", trigger: "birthday" });
    const retired = await addOffer(p.token, p.business.id, { title: "Old gift", trigger: "birthday" });
    await t.post("/offer-delete", { id: retired.id }, { token: p.token });
    await save(p.token, {
      business_id: p.business.id,
      kind: "birthday",
      enabled: true,
      title: "Happy birthday, {name}!",
      message: "A treat at {business}.",
    });

    // Two instances at once, then once more: one message and one voucher of each offer.
    const second = await t.testDatabase!.connectAgain();
    const [a, b] = await Promise.all([run(now), runAutomations(second.db, now, undefined, t.app.events)]);
    expect(a.vouchers + b.vouchers).toBe(2);
    expect(a.sent + b.sent).toBe(1);
    expect(await run(now)).toEqual({ sent: 0, vouchers: 0 });
    expect(await vouchersOf(today.card.serial)).toEqual([
      { title: "Birthday cake", issue_key: "birthday:2031" },
      { title: "Birthday coffee", issue_key: "birthday:2031" },
    ]);
    expect(await messagesOf(today.card.serial)).toEqual([{ title: "Happy birthday, Local Lia!" }]);
    expect(await vouchersOf(utcDay.card.serial)).toEqual([]);
    expect(await vouchersOf(none.card.serial)).toEqual([]);

    // The next day there (Ugo's birthday has passed on Kiritimati): nothing; a year on, again.
    expect(await run(new Date("2031-03-11T12:00:00Z"))).toEqual({ sent: 0, vouchers: 0 });
    expect((await run(new Date("2032-03-10T12:00:00Z"))).vouchers).toBe(2);
    expect((await vouchersOf(today.card.serial)).map((v) => v.issue_key)).toEqual([
      "birthday:2031",
      "birthday:2031",
      "birthday:2032",
      "birthday:2032",
    ]);
  });

  it("gives a birthday voucher without the birthday message, and none to the control group", async () => {
    const p = await f.programme();
    await addOffer(p.token, p.business.id, { title: "Leap treat", trigger: "birthday" });
    const leap = await f.join(p.qr.qr_token, { name: "Leap Lee", birthday: "2000-02-29" });
    // 29 February birthdays are kept on 28 February in other years.
    expect(await run(new Date("2031-02-28T12:00:00Z"))).toEqual({ sent: 0, vouchers: 1 });
    expect(await messagesOf(leap.card.serial)).toEqual([]);

    const held = await f.programme();
    await t.query(sql`update businesses set control_group_percent = 100 where id = ${held.business.id}`);
    await addOffer(held.token, held.business.id, { title: "Held back", trigger: "birthday" });
    const control = await f.join(held.qr.qr_token, { name: "Control Cy", birthday: "1985-07-04" });
    expect(await run(new Date("2031-07-04T12:00:00Z"))).toEqual({ sent: 0, vouchers: 0 });
    expect(await vouchersOf(control.card.serial)).toEqual([]);
  });
});

describe("win-back offers", () => {
  it("issues the win-back offer's voucher with or instead of its message, once per lapse", async () => {
    const p = await f.programme({ stamps_required: 10 });
    const offer = await addOffer(p.token, p.business.id, { title: "We miss you: free coffee", trigger: "win_back" });
    const lapsed = await f.join(p.qr.qr_token, { name: "Lapsed Lou" });
    const lapse = () =>
      t.query(sql`update cards set last_visit_at = now() - interval '40 days' where serial = ${lapsed.card.serial}`);
    await lapse();
    const body = {
      business_id: p.business.id,
      kind: "win_back",
      enabled: true,
      days: 30,
      title: "We miss you, {name}",
      message: "Come back.",
      offer_id: offer.id,
    };
    const saved = await save(p.token, body);
    expect(saved.statusCode).toBe(200);
    expect(saved.body.data).toMatchObject({ offer_id: offer.id, send_message: true });
    const listed = await t.get<Automation[]>("/automation-list", {
      token: p.token,
      query: { business_id: String(p.business.id) },
    });
    expect(listed.body.data[0]).toMatchObject({ kind: "win_back", offer_id: offer.id, send_message: true });

    const now = new Date();
    expect(await run(now)).toEqual({ sent: 1, vouchers: 1 });
    expect(await run(now)).toEqual({ sent: 0, vouchers: 0 });
    expect((await vouchersOf(lapsed.card.serial)).map((v) => v.title)).toEqual(["We miss you: free coffee"]);
    expect(await messagesOf(lapsed.card.serial)).toEqual([{ title: "We miss you, Lapsed Lou" }]);

    // A visit ends the lapse; the next one gets the voucher alone when the owner turns the message off.
    await f.staffScan(p.token, lapsed.card.serial);
    expect((await save(p.token, { ...body, send_message: false })).body.data).toMatchObject({ send_message: false });
    await lapse();
    expect(await run(new Date())).toEqual({ sent: 1, vouchers: 1 });
    expect(await vouchersOf(lapsed.card.serial)).toHaveLength(2);
    expect(await messagesOf(lapsed.card.serial)).toHaveLength(1);

    // Its offer retired, a voucher-only win-back gives nothing more.
    await f.staffScan(p.token, lapsed.card.serial);
    await lapse();
    await t.post("/offer-delete", { id: offer.id }, { token: p.token });
    expect(await run(new Date())).toEqual({ sent: 0, vouchers: 0 });
  });

  it("takes only an active win-back offer of the same business, writing nothing otherwise", async () => {
    const p = await f.programme();
    const campaign = await addOffer(p.token, p.business.id, { trigger: "campaign" });
    const other = await f.programme();
    const theirs = await addOffer(other.token, other.business.id, { trigger: "win_back" });
    const winBack = await addOffer(p.token, p.business.id, { trigger: "win_back" });
    const body = {
      business_id: p.business.id,
      kind: "win_back",
      enabled: true,
      days: 30,
      title: "Hi",
      message: "Back",
    };
    for (const offerId of [campaign.id, theirs.id]) {
      const res = await save(p.token, { ...body, offer_id: offerId });
      expectInvalid(res, ["offer_id"]);
      expect(res.body.code).toBe("offer_not_win_back");
    }
    expectInvalid(await save(p.token, { ...body, kind: "birthday", offer_id: winBack.id }), ["offer_id"]);
    expectInvalid(await save(p.token, { ...body, send_message: false }), ["send_message"]);
    const rows = await t.query(sql`select 1 from automations where business_id = ${p.business.id}`);
    expect(rows).toHaveLength(0);
    // Empty means none.
    expect((await save(p.token, { ...body, offer_id: "" })).body.data).toMatchObject({ offer_id: null });
  });
});
