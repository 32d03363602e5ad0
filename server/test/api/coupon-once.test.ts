import { sql } from "drizzle-orm";
import type { PaymentQuote } from "../../../contract/payments";
import { seedPlans } from "../../src/seed/plans";
import { createCoupon } from "../../src/modules/payments/coupons";
import { createTestApp, expectError, PASSWORD, uniqueEmail, type TestApp } from "../helpers/app";

// Attacker's findings (coupon once-per-user bypass): deleting the account and
// registering the same email again gave another use. Uses count per email (any case, deleted
// accounts too) and per card fingerprint where the provider gives one.

jest.setTimeout(60_000);

let t: TestApp;
let starter: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  await seedPlans(t.database.db);
  starter = (await t.query<{ id: number }>(sql`select id from plans where name = 'Starter'`))[0]!;
});
afterAll(() => t.close());

const VISA = "pm_card_visa";
const MASTERCARD = "pm_card_mastercard";
const USED = "You have already used this coupon.";
let n = 0;
const coupon = () => createCoupon(t.database.db, { code: `ONCE${++n}${Date.now()}`, kind: "percent", value: 20 });

type Owner = { id: number; email: string; token: string };
const owner = async (email = uniqueEmail("coupon")): Promise<Owner> => {
  const user = await t.createUser({ email, plan: false });
  return { ...user, token: await t.tokenFor(user.id) };
};
const apply = (o: Owner, code: string) =>
  t.post<PaymentQuote>(
    "/coupon-apply",
    { coupon_code: code, mode: "newUser", subscription_id: starter.id },
    { token: o.token },
  );
const charge = (o: Owner, card: string, amount: string) =>
  t.post(
    "/subscription-charge",
    {
      token: card,
      amount,
      subscription_id: starter.id,
      email: o.email,
      name: "Test Owner",
      mode: "newUser",
      idempotency_key: `once-${o.id}-${++n}-abcdefghijkl`,
    },
    { token: o.token },
  );

it("a deleted account's use counts for a new account of the same email (any case)", async () => {
  const c = await coupon();
  const email = uniqueEmail("again");
  const first = await owner(email);
  expect((await apply(first, c.code)).statusCode).toBe(200);
  expect((await charge(first, VISA, "15.20")).statusCode).toBe(200);
  expect((await t.post("/user-soft-delete", { password: PASSWORD }, { token: first.token })).statusCode).toBe(200);

  const again = await t.signUp({ email: email.toUpperCase(), password: "my second life" });
  const token = await t.login(email, "my second life");
  expect(again.id).not.toBe(first.id);
  expectError(await apply({ ...again, token }, c.code), 422, USED);
  // Another email can still use it (with another card).
  const other = await owner();
  expect((await apply(other, c.code)).statusCode).toBe(200);
  expect((await charge(other, MASTERCARD, "15.20")).statusCode).toBe(200);
});

it("a card that paid with the coupon does not pay with it again under another account", async () => {
  const c = await coupon();
  const first = await owner();
  await apply(first, c.code);
  expect((await charge(first, VISA, "15.20")).statusCode).toBe(200);

  const second = await owner();
  // Applying names no card yet; the charge with the same card is refused, and nothing is charged.
  expect((await apply(second, c.code)).statusCode).toBe(200);
  const refused = await charge(second, VISA, "15.20");
  expectError(refused, 422, USED);
  expect(refused.body.errors).toEqual({ coupon_code: [USED] });
  expect(await t.query(sql`select 1 from payments where user_id = ${second.id}`)).toHaveLength(0);
  // Another card takes the discount.
  expect((await charge(second, MASTERCARD, "15.20")).statusCode).toBe(200);
  const rows = await t.query<{ card_fingerprint: string | null }>(
    sql`select card_fingerprint from payments where coupon_id = ${c.id} order by id`,
  );
  expect(rows).toHaveLength(2);
  expect(rows[0]!.card_fingerprint).toMatch(/^sandbox_fp_/);
  expect(rows[1]!.card_fingerprint).not.toBe(rows[0]!.card_fingerprint);
});
