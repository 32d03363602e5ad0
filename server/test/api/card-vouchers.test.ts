import { sql } from "drizzle-orm";
import type { CardVouchers, Offer, Voucher } from "../../../contract/offers";
import { createTestApp, expectError, expectInvalid, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";

// card-vouchers: what the scanner shows after a card scan, its unused vouchers to redeem and its
// business's manual offers to issue, for the owner and their staff only.
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
    { business_id: businessId, title: "Free pastry", kind: "free_item", trigger: "join", valid_days: 30, ...fields },
    { token },
  );
  if (res.statusCode !== 201) throw new Error(`offer-add failed: ${res.statusCode} ${res.text}`);
  return res.body.data;
};
const counter = (token: string, serial: string) => t.get<CardVouchers>("/card-vouchers", { token, query: { serial } });

describe("card-vouchers", () => {
  it("lists the card's unused vouchers with their minimum purchase and the business's active manual offers", async () => {
    const p = await f.programme();
    await t.query(sql`update businesses set currency = 'EUR' where id = ${p.business.id}`);
    await addOffer(p.token, p.business.id, { title: "Welcome coffee" });
    const manual = await addOffer(p.token, p.business.id, {
      title: "€2 off",
      kind: "amount_off",
      amount: "2",
      trigger: "manual",
      min_purchase: "10",
    });
    const retired = await addOffer(p.token, p.business.id, { title: "Old treat", trigger: "manual" });
    await t.post("/offer-delete", { id: retired.id }, { token: p.token });
    await addOffer(p.token, p.business.id, { title: "Campaign", trigger: "campaign" });
    // Another business of the same owner: its manual offers are not this card's.
    const elsewhere = await f.addBusiness(p.token);
    await f.addReward(p.token, elsewhere.id);
    await addOffer(p.token, elsewhere.id, { title: "Elsewhere", trigger: "manual" });
    const joined = await f.join(p.qr.qr_token);
    const staff = await f.staffOf(p.token, `staff-cv-${Date.now()}@example.com`);

    const first = await counter(staff.token, joined.card.serial.toLowerCase());
    expect(first.statusCode).toBe(200);
    expect(first.body.data.vouchers).toEqual([
      expect.objectContaining({
        title: "Welcome coffee",
        kind: "free_item",
        serial: joined.card.serial,
        min_purchase: null,
      }),
    ]);
    expect(first.body.data.manual_offers).toEqual([{ id: manual.id, title: "€2 off", kind: "amount_off" }]);

    const issued = await t.post<Voucher>(
      "/voucher-issue",
      { offer_id: manual.id, serial: joined.card.serial },
      { token: staff.token },
    );
    const welcome = first.body.data.vouchers[0]!.code;
    await t.post("/voucher-redeem", { code: welcome }, { token: staff.token });
    const after = await counter(p.token, joined.card.serial);
    expect(after.body.data.vouchers).toEqual([
      expect.objectContaining({ code: issued.body.data.code, title: "€2 off", min_purchase: "10.00" }),
    ]);
  });

  it("answers another owner's card as unknown (404) and a bad serial 422", async () => {
    const p = await f.programme();
    const joined = await f.join(p.qr.qr_token);
    const other = await f.programme();
    expectError(await counter(other.token, joined.card.serial), 404);
    expectError(await counter(p.token, "LC-0000-0000-0000"), 404);
    expectInvalid(await counter(p.token, "not a serial"), ["serial"]);
    expectError(await t.get("/card-vouchers", { query: { serial: joined.card.serial } }), 401);
  });
});
