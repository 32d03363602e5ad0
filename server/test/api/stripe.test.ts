import { sql } from "drizzle-orm";
import Stripe from "stripe";
import type { ChargeResult } from "../../../contract/payments";
import { seedPlans } from "../../src/seed/plans";
import { createStripeProvider } from "../../src/services/payments/stripe";
import { createTestApp, expectError, type TestApp } from "../helpers/app";
import { startStripeStandIn } from "../helpers/stripe-stand-in";

const WEBHOOK_SECRET = "whsec_standin_secret";
let t: TestApp;
let stand: Awaited<ReturnType<typeof startStripeStandIn>>;
let starter: { id: number };
const stripe = new Stripe("sk_test_standin");

beforeAll(async () => {
  stand = await startStripeStandIn();
  const payments = createStripeProvider({
    secretKey: "sk_test_standin",
    webhookSecret: WEBHOOK_SECRET,
    api: stand.api,
  });
  t = await createTestApp({}, { payments });
  await seedPlans(t.database.db);
  starter = (await t.query<{ id: number }>(sql`select id from plans where name = 'Starter'`))[0]!;
});
afterAll(async () => {
  await t.close();
  await stand.close();
});

let n = 0;
async function owner() {
  const user = await t.createUser({ plan: false });
  return { ...user, token: await t.tokenFor(user.id) };
}
const charge = (
  o: { email: string; token: string },
  token: string,
  idempotency_key = `stripe-test-key-${++n}-xxxxxxxx`,
) =>
  t.post<ChargeResult>(
    "/subscription-charge",
    { token, amount: "19.00", subscription_id: starter.id, email: o.email, name: "Ada", idempotency_key },
    { token: o.token },
  );
const rows = (userId: number) =>
  t.query<{ id: number; status: string; provider: string; provider_ref: string; failure_message: string | null }>(
    sql`select id, status, provider, provider_ref, failure_message from payments where user_id = ${userId} order by id`,
  );
const status = async (o: { token: string }) =>
  ((await t.get("/user-profile", { token: o.token })).body.data as { status_payment: string }).status_payment;

function webhook(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const header = stripe.webhooks.generateTestHeaderString({ payload, secret });
  return t.post("/stripe-webhook", undefined, {
    raw: payload,
    contentType: "application/json",
    headers: { "stripe-signature": header },
  });
}
const intentEvent = (id: string, type: string, intent: unknown) => ({
  id,
  object: "event",
  type,
  data: { object: intent },
});

describe("the Stripe adapter against a local stand-in", () => {
  it("creates and confirms a PaymentIntent with the server's amount and an idempotency key", async () => {
    const o = await owner();
    const res = await charge(o, "pm_card_visa");
    expect(res.statusCode).toBe(200);
    expect(res.body.data.status).toBe("succeeded");
    const sent = stand.requests.at(-1)!;
    expect(sent.path).toBe("/v1/payment_intents");
    expect(sent.form.get("amount")).toBe("1900");
    expect(sent.form.get("currency")).toBe("usd");
    expect(sent.form.get("confirm")).toBe("true");
    expect(sent.idempotencyKey).toMatch(/^payment-\d+-stripe-test-key-/);
    const [row] = await rows(o.id);
    expect(row).toMatchObject({ status: "succeeded", provider: "stripe" });
    expect(row!.provider_ref).toMatch(/^pi_standin_/);
    expect(await status(o)).toBe("1");
  });

  it("a decline answers Stripe's message and records the failure with its reference", async () => {
    const o = await owner();
    expectError(await charge(o, "pm_card_visa_chargeDeclined"), 402, "Your card was declined.");
    const [row] = await rows(o.id);
    expect(row).toMatchObject({ status: "failed", failure_message: "Your card was declined." });
    expect(row!.provider_ref).toMatch(/^pi_standin_/);
    expect(await status(o)).toBe("0");
  });

  it("requires_action answers the client secret; the signed webhook credits once, replays and late events change nothing", async () => {
    const o = await owner();
    const key = `stripe-3ds-key-${++n}-xxxxxxxx`;
    const res = await charge(o, "pm_card_authenticationRequired", key);
    expect(res.statusCode).toBe(200);
    expect(res.body.data.status).toBe("requires_action");
    expect(res.body.data.client_secret).toMatch(/^pi_standin_\d+_secret_/);
    expect(await status(o)).toBe("0");
    const [row] = await rows(o.id);

    // 3-D Secure passes in the browser; Stripe tells us by webhook.
    const intent = stand.complete(row!.provider_ref);
    const succeeded = intentEvent(`evt_ok_${row!.id}`, "payment_intent.succeeded", intent);
    expect((await webhook(succeeded)).statusCode).toBe(200);
    expect(await status(o)).toBe("1");
    expect((await t.mailsTo(o.email)).length).toBe(1);

    // The same event again, and an out-of-order failure after the success: nothing changes.
    const replay = await webhook(succeeded);
    expect(replay.statusCode).toBe(200);
    expect(replay.body.message).toBe("Event already processed.");
    const late = intentEvent(`evt_late_${row!.id}`, "payment_intent.payment_failed", {
      ...intent,
      status: "requires_payment_method",
      last_payment_error: { message: "Your card was declined." },
    });
    expect((await webhook(late)).statusCode).toBe(200);
    // The page's retry with the same key reads the intent: still one credit.
    expect((await charge(o, "pm_card_authenticationRequired", key)).body.data.status).toBe("succeeded");
    expect(await rows(o.id)).toEqual([expect.objectContaining({ status: "succeeded", failure_message: null })]);
    expect((await t.mailsTo(o.email)).length).toBe(1);
    const periods = await t.query(
      sql`select period_end from payments where user_id = ${o.id} and period_end is not null`,
    );
    expect(periods).toHaveLength(1);
  });

  it("records and settles an event in one transaction: a crash between the two leaves it unhandled, and the replay settles it once", async () => {
    const o = await owner();
    await charge(o, "pm_card_authenticationRequired");
    const [row] = await rows(o.id);
    const event = intentEvent(`evt_crash_${row!.id}`, "payment_intent.succeeded", stand.complete(row!.provider_ref));

    // The crash: settling fails after the event was recorded, and no clean-up code runs after it
    // (a dead process runs none; here deleting a recorded event fails too).
    await t.query(sql`create function test_crash() returns trigger language plpgsql as $$
      begin raise exception 'crash injected'; end $$`);
    await t.query(
      sql`create trigger test_crash_settle before update on payments for each row execute function test_crash()`,
    );
    await t.query(
      sql`create trigger test_crash_cleanup before delete on payment_events for each row execute function test_crash()`,
    );
    try {
      expect((await webhook(event)).statusCode).toBe(500);
    } finally {
      await t.query(sql`drop trigger test_crash_settle on payments`);
      await t.query(sql`drop trigger test_crash_cleanup on payment_events`);
      await t.query(sql`drop function test_crash()`);
    }
    expect(await t.query(sql`select id from payment_events where id = ${event.id}`)).toEqual([]);
    expect(await status(o)).toBe("0");
    expect(await t.query(sql`select id from notifications where user_id = ${o.id}`)).toEqual([]);

    // Stripe delivers it again: settled, once, with one feed entry and one receipt.
    const replay = await webhook(event);
    expect(replay.statusCode).toBe(200);
    expect(replay.body.message).toBe("Event processed.");
    expect((await webhook(event)).body.message).toBe("Event already processed.");
    expect(await status(o)).toBe("1");
    expect(await rows(o.id)).toEqual([expect.objectContaining({ status: "succeeded" })]);
    expect((await t.mailsTo(o.email)).length).toBe(1);
    const feed = await t.query<{ kind: string }>(sql`select kind from notifications where user_id = ${o.id}`);
    expect(feed).toEqual([{ kind: "payment_succeeded" }]);
  });

  it("refuses a webhook with a bad signature or none, crediting nothing", async () => {
    const o = await owner();
    const res = await charge(o, "pm_card_authenticationRequired");
    const [row] = await rows(o.id);
    const intent = stand.complete(row!.provider_ref);
    const event = intentEvent(`evt_forged_${row!.id}`, "payment_intent.succeeded", intent);
    expect(res.body.data.status).toBe("requires_action");
    expectError(await webhook(event, "whsec_someone_else"), 400, "Invalid webhook signature.");
    const unsigned = await t.post("/stripe-webhook", event);
    expectError(unsigned, 400, "Invalid webhook signature.");
    // A body changed after signing fails too.
    const payload = JSON.stringify(event);
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await t.post("/stripe-webhook", undefined, {
      raw: payload.replace("succeeded", "succeeded "),
      contentType: "application/json",
      headers: { "stripe-signature": header },
    });
    expectError(tampered, 400, "Invalid webhook signature.");
    expect(await status(o)).toBe("0");
    expect(await t.query(sql`select id from payment_events where id = ${event.id}`)).toEqual([]);
  });
});
