import { sql } from "drizzle-orm";
import type { ActivePlan, ChargeResult, PaymentQuote, PaymentRecord } from "../../../contract/payments";
import type { UserProfile } from "../../../contract/auth";
import { seedPlans } from "../../src/seed/plans";
import { createCoupon } from "../../src/modules/payments/coupons";
import { addCalendarMonths } from "../../src/modules/payments/period";
import { reconcilePayments } from "../../src/modules/payments/reconcile";
import { createTestApp, expectError, type TestApp } from "../helpers/app";
import { BUSINESS_FIELDS, dashboardFixtures } from "../helpers/dashboard";

let t: TestApp;
let f: ReturnType<typeof dashboardFixtures>;
let starter: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  f = dashboardFixtures(t);
  await seedPlans(t.database.db);
  starter = (await t.query<{ id: number }>(sql`select id from plans where name = 'Starter'`))[0]!;
});
afterAll(() => t.close());

const VISA = "pm_card_visa";
let keys = 0;
const newKey = () => `test-key-${Date.now()}-${++keys}-abcdefgh`;

async function newOwner() {
  const user = await t.createUser({ plan: false });
  return { ...user, token: await t.tokenFor(user.id) };
}
type Owner = Awaited<ReturnType<typeof newOwner>>;

const charge = (owner: Owner, fields: Record<string, unknown> = {}) =>
  t.post<ChargeResult>(
    "/subscription-charge",
    {
      token: VISA,
      amount: "19.00",
      subscription_id: starter.id,
      email: owner.email,
      name: "Test Owner",
      mode: "newUser",
      idempotency_key: newKey(),
      ...fields,
    },
    { token: owner.token },
  );

const paymentRows = (userId: number) =>
  t.query<{
    status: string;
    amount_minor: number;
    discount_minor: number;
    provider_ref: string | null;
    failure_message: string | null;
    mode: string;
  }>(
    sql`select status, amount_minor, discount_minor, provider_ref, failure_message, mode from payments where user_id = ${userId} order by id`,
  );
const statusOf = async (owner: Owner) =>
  (await t.get<UserProfile>("/user-profile", { token: owner.token })).body.data.status_payment;

describe("subscription-charge with the sandbox", () => {
  it("charges the plan with 4242…, activates it, records it, mails a receipt", async () => {
    const owner = await newOwner();
    expect(await statusOf(owner)).toBe("0");
    expect((await t.get("/subscription-plan-active", { token: owner.token })).body.data).toBeNull();

    const res = await charge(owner);
    expect(res.statusCode).toBe(200);
    expect(res.body.message).toBe("Payment successful.");
    expect(res.body.data).toMatchObject({ status: "succeeded", amount: "19.00", currency: "USD", status_payment: "1" });
    expect(await statusOf(owner)).toBe("1");

    const active = (await t.get<ActivePlan>("/subscription-plan-active", { token: owner.token })).body.data;
    expect(active).toMatchObject({
      plan: { name: "Starter", interval: "month" },
      amount: "19.00",
      status: "succeeded",
      feature_keys: ["locations", "stamp-cards", "vouchers"],
    });
    const days = (Date.parse(active.period_end!) - Date.parse(active.period_start!)) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);

    const [row] = await paymentRows(owner.id);
    expect(row).toMatchObject({ status: "succeeded", amount_minor: 1900 });
    expect(row!.provider_ref).toMatch(/^sandbox_pi_/);
    const mails = await t.mailsTo(owner.email);
    expect(mails.at(-1)!.subject).toBe("Your Loyalty Cards receipt: Starter plan, one month");
    expect(mails.at(-1)!.text).toContain("Paid: 19.00 USD");

    const list = (await t.get<PaymentRecord[]>("/payment-list", { token: owner.token })).body.data;
    const receipt = await t.get(`/payment-receipt/${list[0]!.id}`, { token: owner.token });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers["content-type"]).toContain("text/html");
    expect(receipt.headers["content-disposition"]).toBe(`attachment; filename="receipt-${list[0]!.id}.html"`);
    expect(receipt.text).toContain("19.00 USD");
    // Another owner's receipt does not exist for them.
    const other = await newOwner();
    expectError(await t.get(`/payment-receipt/${list[0]!.id}`, { token: other.token }), 404, "Receipt not found.");
  });

  it("writes the receipt in the owner's language (users.locale)", async () => {
    const owner = await newOwner();
    await t.query(sql`update users set locale = 'pt-BR' where id = ${owner.id}`);

    expect((await charge(owner)).statusCode).toBe(200);

    const mail = (await t.mailsTo(owner.email)).at(-1)!;
    expect(mail.subject).toBe("Seu recibo do Loyalty Cards: Plano Starter, um mês");
    expect(mail.text).toContain("Obrigado pelo seu pagamento.");
    expect(mail.text).toContain("Pago: 19.00 USD");
    expect(mail.text).toMatch(/Data: \d{1,2} de \p{L}+ de \d{4}/u);
    const list = (await t.get<PaymentRecord[]>("/payment-list", { token: owner.token })).body.data;
    const receipt = await t.get(`/payment-receipt/${list[0]!.id}`, { token: owner.token });
    expect(receipt.text).toContain('<html lang="pt-BR" dir="ltr">');
    expect(receipt.text).toContain("Número do recibo");
  });

  it.each([
    ["pm_card_visa_chargeDeclined", "Your card was declined."],
    ["pm_card_visa_chargeDeclinedInsufficientFunds", "Your card has insufficient funds."],
    ["pm_card_not_a_test_card", /non test card/],
  ])("a decline (%s) answers the provider's message, is recorded, credits nothing", async (token, message) => {
    const owner = await newOwner();
    expectError(await charge(owner, { token }), 402, message);
    const [row] = await paymentRows(owner.id);
    expect(row).toMatchObject({ status: "failed" });
    expect(row!.failure_message).toMatch(message);
    expect(row!.provider_ref).toMatch(/^sandbox_pi_/);
    expect(await statusOf(owner)).toBe("0");
    expect(await t.mailsTo(owner.email)).toEqual([]);
  });

  it("refuses an amount that differs from the server's price (422), charging nothing", async () => {
    const owner = await newOwner();
    const res = await charge(owner, { amount: "0.50" });
    expectError(res, 422, "The amount does not match the price: 19.00 USD.");
    expect(res.body.errors).toEqual({ amount: ["The amount does not match the price: 19.00 USD."] });
    expect(await paymentRows(owner.id)).toEqual([]);
  });

  it("refuses bad input with field messages, and an unknown or inactive plan", async () => {
    const owner = await newOwner();
    const bad = await t.post("/subscription-charge", { amount: "abc", mode: "gold" }, { token: owner.token });
    expectError(bad, 422);
    expect(Object.keys(bad.body.errors!).sort()).toEqual(["amount", "email", "mode", "name", "token"]);
    expectError(await charge(owner, { subscription_id: 999_999 }), 422, "The selected plan is not available.");
  });

  it("two concurrent charges of the same payment credit once", async () => {
    const owner = await newOwner();
    const idempotency_key = newKey();
    const results = await Promise.all([charge(owner, { idempotency_key }), charge(owner, { idempotency_key })]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const rows = await paymentRows(owner.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe("succeeded");
    // And once more afterwards: the same answer, no second charge.
    expect((await charge(owner, { idempotency_key })).body.data.status).toBe("succeeded");
    expect(await paymentRows(owner.id)).toHaveLength(1);
    expect((await t.mailsTo(owner.email)).length).toBe(1);
  });

  it("a crash after the sandbox charged: the retry with the same key, then the reconciliation, credit it once", async () => {
    const crash = async (owner: Owner, idempotency_key: string) => {
      await t.query(sql`create function test_crash() returns trigger language plpgsql as $$
        begin raise exception 'crash injected'; end $$`);
      await t.query(
        sql`create trigger test_crash before update on payments for each row execute function test_crash()`,
      );
      try {
        expect((await charge(owner, { idempotency_key })).statusCode).toBe(500);
      } finally {
        await t.query(sql`drop trigger test_crash on payments`);
        await t.query(sql`drop function test_crash()`);
      }
      expect((await paymentRows(owner.id)).map((r) => r.status)).toEqual(["pending"]);
    };
    const retried = await newOwner();
    const key = newKey();
    await crash(retried, key);
    expect((await charge(retried, { idempotency_key: key })).body.data).toMatchObject({
      status: "succeeded",
      status_payment: "1",
    });

    const reconciled = await newOwner();
    await crash(reconciled, newKey());
    await t.query(sql`update payments set updated_at = now() - interval '2 minutes' where user_id = ${reconciled.id}`);
    await Promise.all([reconcilePayments(t.app), reconcilePayments(t.app)]);
    expect(await statusOf(reconciled)).toBe("1");
    await t.settle();
    for (const owner of [retried, reconciled]) {
      expect((await paymentRows(owner.id)).map((r) => r.status)).toEqual(["succeeded"]);
      expect((await t.mailsTo(owner.email)).length).toBe(1);
    }
  });

  it("a renewal paid during the period starts where the current one ends", async () => {
    const owner = await newOwner();
    await charge(owner);
    await charge(owner);
    const periods = await t.query<{ period_start: Date; period_end: Date }>(
      sql`select period_start, period_end from payments where user_id = ${owner.id} order by id`,
    );
    expect(new Date(periods[1]!.period_start).getTime()).toBe(new Date(periods[0]!.period_end).getTime());
  });

  // A month is a calendar month, and a renewal keeps the anchor day as Stripe's
  // billing cycle does. The first period is moved to the day under test (the clock is real).
  const periodsOf = async (owner: Owner) =>
    (
      await t.query<{ period_start: Date; period_end: Date; billing_anchor: Date }>(
        sql`select period_start, period_end, billing_anchor from payments where user_id = ${owner.id} order by id`,
      )
    ).map((row) => [row.period_start, row.period_end, row.billing_anchor].map((at) => new Date(at).toISOString()));

  it("a month bought now ends on the same day next month, or that month's last day", async () => {
    const owner = await newOwner();
    await charge(owner);
    const [[start, end, anchor]] = (await periodsOf(owner)) as [string[]];
    expect(anchor).toBe(start);
    expect(end).toBe(addCalendarMonths(new Date(start!), 1).toISOString());
  });

  it("renewals of a month bought on 31 January end on 31 March, 30 April and 31 May", async () => {
    const owner = await newOwner();
    await charge(owner);
    await t.query(sql`update payments set billing_anchor = '2099-01-31T10:00:00Z',
      period_start = '2099-01-31T10:00:00Z', period_end = '2099-02-28T10:00:00Z' where user_id = ${owner.id}`);
    for (let i = 0; i < 3; i++) expect((await charge(owner)).statusCode).toBe(200);
    expect(await periodsOf(owner)).toEqual(
      [
        ["2099-01-31", "2099-02-28"],
        ["2099-02-28", "2099-03-31"],
        ["2099-03-31", "2099-04-30"],
        ["2099-04-30", "2099-05-31"],
      ].map(([start, end]) => [`${start}T10:00:00.000Z`, `${end}T10:00:00.000Z`, "2099-01-31T10:00:00.000Z"]),
    );
  });

  it("a period written before the anchor was stored renews from its own start", async () => {
    const owner = await newOwner();
    await charge(owner);
    await t.query(sql`update payments set billing_anchor = null,
      period_start = '2099-01-31T10:00:00Z', period_end = '2099-02-28T10:00:00Z' where user_id = ${owner.id}`);
    expect((await charge(owner)).statusCode).toBe(200);
    expect((await periodsOf(owner))[1]).toEqual([
      "2099-02-28T10:00:00.000Z",
      "2099-03-31T10:00:00.000Z",
      "2099-01-31T10:00:00.000Z",
    ]);
  });

  it("a year bought on 29 February renews on 28 February, and on 29 February in a leap year", async () => {
    const owner = await newOwner();
    const [annual] = await t.query<{ id: number }>(sql`select id from plans where name = 'Business Annual'`);
    const buy = () => charge(owner, { subscription_id: annual!.id, amount: "490.00" });
    expect((await buy()).statusCode).toBe(200);
    // Bought on 29 February 2024; renewed on 28 February 2025 and 2026; now in the period to 2027.
    await t.query(sql`update payments set billing_anchor = '2024-02-29T08:00:00Z',
      period_start = '2026-02-28T08:00:00Z', period_end = '2027-02-28T08:00:00Z' where user_id = ${owner.id}`);
    expect((await buy()).statusCode).toBe(200);
    expect((await buy()).statusCode).toBe(200);
    expect((await periodsOf(owner)).slice(1)).toEqual([
      ["2027-02-28T08:00:00.000Z", "2028-02-29T08:00:00.000Z", "2024-02-29T08:00:00.000Z"],
      ["2028-02-29T08:00:00.000Z", "2029-02-28T08:00:00.000Z", "2024-02-29T08:00:00.000Z"],
    ]);
  });

  it("is for owners: staff get 403", async () => {
    const owner = await newOwner();
    const staff = await t.createUser({ role: "staff", ownerId: owner.id });
    expectError(await charge({ ...owner, token: await t.tokenFor(staff.id) }), 403);
  });

  it("the sandbox takes no webhooks", async () => {
    const res = await t.post("/stripe-webhook", { id: "evt_1", type: "payment_intent.succeeded" });
    expectError(res, 400, "Invalid webhook signature.");
  });
});

describe("coupons", () => {
  const code = () => `T${Date.now().toString(36).toUpperCase()}${++keys}`;
  const apply = (owner: Owner, coupon_code: string) =>
    t.post<PaymentQuote>(
      "/coupon-apply",
      { coupon_code, mode: "newUser", subscription_id: starter.id },
      { token: owner.token },
    );

  it("a percent coupon lowers the amount charged, once per user", async () => {
    const owner = await newOwner();
    const c = await createCoupon(t.database.db, { code: code(), kind: "percent", value: 20 });
    const quote = await apply(owner, c.code.toLowerCase());
    expect(quote.statusCode).toBe(200);
    expect(quote.body.data).toEqual({
      mode: "newUser",
      plan_id: starter.id,
      currency: "USD",
      amount: "19.00",
      discount: "3.80",
      total: "15.20",
      coupon: c.code,
    });
    // The undiscounted amount is now a tampered one.
    expectError(await charge(owner, { amount: "19.00" }), 422, "The amount does not match the price: 15.20 USD.");
    expect((await charge(owner, { amount: "15.20" })).statusCode).toBe(200);
    expect((await paymentRows(owner.id)).at(-1)).toMatchObject({ amount_minor: 1520, discount_minor: 380 });
    // Spent: the next payment is at full price, and the coupon cannot be applied again.
    expect((await charge(owner, { amount: "19.00" })).statusCode).toBe(200);
    expectError(await apply(owner, c.code), 422, "You have already used this coupon.");
    const list = (await t.get<{ code: string; used: boolean }[]>("/coupon-list", { token: owner.token })).body.data;
    expect(list).toEqual([expect.objectContaining({ code: c.code, used: true, discount: "20%" })]);
  });

  it("a fixed coupon takes its amount off", async () => {
    const owner = await newOwner();
    const c = await createCoupon(t.database.db, { code: code(), kind: "fixed", value: 500, currency: "USD" });
    expect((await apply(owner, c.code)).body.data.total).toBe("14.00");
  });

  it("refuses unknown, expired, not-yet-valid and exhausted coupons with clear messages", async () => {
    const owner = await newOwner();
    expectError(await apply(owner, "NOSUCHCODE"), 422, "This coupon code does not exist.");
    const past = await createCoupon(t.database.db, {
      code: code(),
      kind: "percent",
      value: 10,
      validUntil: new Date(Date.now() - 1000),
    });
    expectError(await apply(owner, past.code), 422, "This coupon has expired.");
    const future = await createCoupon(t.database.db, {
      code: code(),
      kind: "percent",
      value: 10,
      validFrom: new Date(Date.now() + 86_400_000),
    });
    expectError(await apply(owner, future.code), 422, "This coupon is not valid yet.");

    const limited = await createCoupon(t.database.db, { code: code(), kind: "percent", value: 10, maxRedemptions: 1 });
    const first = await newOwner();
    expect((await apply(first, limited.code)).statusCode).toBe(200);
    expect((await charge(first, { amount: "17.10" })).statusCode).toBe(200);
    expectError(await apply(owner, limited.code), 422, "This coupon has reached its usage limit.");
  });

  it("the last redemption of a coupon goes to one of several owners paying at once", async () => {
    const limited = await createCoupon(t.database.db, { code: code(), kind: "percent", value: 10, maxRedemptions: 1 });
    const owners = await Promise.all([1, 2, 3, 4, 5].map(() => newOwner()));
    for (const owner of owners) expect((await apply(owner, limited.code)).statusCode).toBe(200);
    const answers = await Promise.all(owners.map((owner) => charge(owner, { amount: "17.10" })));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 422, 422, 422, 422]);
    for (const res of answers.filter((r) => r.statusCode === 422)) {
      expectError(res, 422, "This coupon has reached its usage limit.");
    }
    const [used] = await t.query<{ n: number }>(
      sql`select count(*)::int as n from payments where coupon_id = ${limited.id} and status = 'succeeded'`,
    );
    expect(used!.n).toBe(1);
  });

  it("a coupon that expires after it was applied is refused at the charge", async () => {
    const owner = await newOwner();
    const c = await createCoupon(t.database.db, { code: code(), kind: "percent", value: 50 });
    await apply(owner, c.code);
    await t.query(sql`update coupons set valid_until = now() - interval '1 second' where id = ${c.id}`);
    expectError(await charge(owner, { amount: "9.50" }), 422, "This coupon has expired.");
  });

  it("delete-coupon detaches an unused coupon; another owner's is 404", async () => {
    const owner = await newOwner();
    const c = await createCoupon(t.database.db, { code: code(), kind: "percent", value: 10 });
    await apply(owner, c.code);
    const [applied] = (await t.get<{ id: number }[]>("/coupon-list", { token: owner.token })).body.data;
    const other = await newOwner();
    expectError(await t.post("/delete-coupon", { id: applied!.id }, { token: other.token }), 404, "Coupon not found.");
    expect((await t.post("/delete-coupon", { id: applied!.id }, { token: owner.token })).statusCode).toBe(200);
    expect((await t.get<unknown[]>("/coupon-list", { token: owner.token })).body.data).toEqual([]);
    // Detached: the full price again.
    expect((await charge(owner, { amount: "19.00" })).statusCode).toBe(200);
  });
});

describe("extra-slot fees", () => {
  it("a business beyond the plan needs a fee; a succeeded fee lets the owner add exactly one", async () => {
    const owner = await newOwner();
    expectError(await t.post("/add-business", BUSINESS_FIELDS, { token: owner.token }), 403, /plan is not active/);
    await t.subscribe(owner.id, "Starter");
    await f.addBusiness(owner.token);
    const refused = await t.post("/add-business", BUSINESS_FIELDS, { token: owner.token });
    expectError(
      refused,
      402,
      "Your Starter plan includes 1 business. Pay the one-off fee of 5.00 USD to add one more.",
    );
    expect(refused.body.errors).toEqual({ slot_fee_required: ["businessPayment"] });

    expectError(await charge(owner, { mode: "businessPayment", amount: "19.00" }), 422, /5.00 USD/);
    const fee = await charge(owner, { mode: "businessPayment", amount: "5.00", subscription_id: undefined });
    expect(fee.statusCode).toBe(200);
    await f.addBusiness(owner.token, { business_name: "Second" });
    expectError(await t.post("/add-business", BUSINESS_FIELDS, { token: owner.token }), 402);
  });

  it("an address beyond the plan needs its own fee", async () => {
    const owner = await newOwner();
    await t.subscribe(owner.id, "Starter");
    const business = await f.addBusiness(owner.token);
    await f.addAddress(owner.token, business.id);
    const body = { business_id: business.id, ...BUSINESS_FIELDS };
    expectError(await t.post("/add-address", body, { token: owner.token }), 402, /includes 1 address\./);
    expect((await charge(owner, { mode: "addressPayment", amount: "5.00" })).statusCode).toBe(200);
    expect((await t.post("/add-address", body, { token: owner.token })).statusCode).toBe(201);
  });

  it("a lapsed plan adds nothing, and the fee needs an active plan", async () => {
    const owner = await newOwner();
    await t.subscribe(owner.id, "Starter", new Date(Date.now() - 1000));
    expect(await statusOf(owner)).toBe("0");
    expectError(await t.post("/add-business", BUSINESS_FIELDS, { token: owner.token }), 403, /plan is not active/);
    expectError(await charge(owner, { mode: "businessPayment", amount: "5.00" }), 403, /plan is not active/);
  });
});
