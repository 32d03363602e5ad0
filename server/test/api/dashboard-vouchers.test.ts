import { sql } from "drizzle-orm";
import type { CustomerList } from "../../../contract/customers";
import type { DashboardDetails } from "../../../contract/dashboard";
import type { Offer } from "../../../contract/offers";
import type { WalletCard } from "../../../contract/wallet";
import { createTestApp, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";

// What the owner sees of their vouchers: issued and redeemed in 30 days on the dashboard, and the
// directory's "holds an unused voucher" filter.
jest.setTimeout(60_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

const details = async (token: string) => (await t.get<DashboardDetails>("/dashboard-details", { token })).body.data;

it("counts the vouchers issued and redeemed in 30 days, only for an owner with offers", async () => {
  const p = await f.programme();
  expect(await details(p.token)).toMatchObject({ vouchers_issued: null, vouchers_redeemed: null });
  const offer = await t.post<Offer>(
    "/offer-add",
    { business_id: p.business.id, title: "Welcome", kind: "free_item", trigger: "join", valid_days: 30 },
    { token: p.token },
  );
  expect(offer.statusCode).toBe(201);
  expect(await details(p.token)).toMatchObject({ vouchers_issued: 0, vouchers_redeemed: 0 });
  const a = await f.join(p.qr.qr_token, { name: "Ada" });
  await f.join(p.qr.qr_token, { name: "Bo" });
  const old = await f.join(p.qr.qr_token, { name: "Cy" });
  // A voucher issued 40 days ago is outside the period.
  await t.query(sql`update vouchers set created_at = now() - interval '40 days'
    where card_id = (select id from cards where serial = ${old.card.serial})`);
  const card = (
    await t.get<WalletCard>("/wallet-card", { query: { qr_token: p.qr.qr_token }, headers: f.cardHeaders([a.secret]) })
  ).body.data;
  expect((await t.post("/voucher-redeem", { code: card.vouchers![0]!.code }, { token: p.token })).statusCode).toBe(200);
  expect(await details(p.token)).toMatchObject({ vouchers_issued: 2, vouchers_redeemed: 1 });
  // Another owner's vouchers are not theirs.
  const other = await f.programme();
  expect(await details(other.token)).toMatchObject({ vouchers_issued: null, vouchers_redeemed: null });

  // The directory: the cards that hold an unused voucher (Bo and Cy; Ada used hers).
  const holders = await t.get<CustomerList>("/customer-list", {
    token: p.token,
    query: { business_id: String(p.business.id), segment: "has_voucher" },
  });
  expect(holders.body.data.items.map((row) => row.name).sort()).toEqual(["Bo", "Cy"]);
});
