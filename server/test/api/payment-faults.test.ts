import { sql } from "drizzle-orm";
import Stripe from "stripe";
import type { ChargeResult } from "../../../contract/payments";
import { seedPlans } from "../../src/seed/plans";
import { createCoupon } from "../../src/modules/payments/coupons";
import { reconcilePayments } from "../../src/modules/payments/reconcile";
import { NOT_COMPLETED } from "../../src/modules/payments/status";
import { createStripeProvider } from "../../src/services/payments/stripe";
import { createTestApp, expectError, type TestApp } from "../helpers/app";
import { startStripeStandIn } from "../helpers/stripe-stand-in";

/**
 * Payment faults against the Stripe stand-in: webhooks replayed, duplicated and out
 * of order; a crash between the charge and the plan's activation, recovered by the webhook, the
 * client's retry or the reconciliation; client retries with one idempotency key. Counted: charges
 * at the provider (PaymentIntents made), credits (periods, receipts, feed entries), payments.
 */

const WEBHOOK_SECRET = "whsec_standin_secret";
let t: TestApp;
let stand: Awaited<ReturnType<typeof startStripeStandIn>>;
let provider: ReturnType<typeof createStripeProvider>;
let starter: { id: number };
const stripe = new Stripe("sk_test_standin");

beforeAll(async () => {
  stand = await startStripeStandIn();
  provider = createStripeProvider({ secretKey: "sk_test_standin", webhookSecret: WEBHOOK_SECRET, api: stand.api });
  t = await createTestApp({}, { payments: provider });
  await seedPlans(t.database.db);
  starter = (await t.query<{ id: number }>(sql`select id from plans where name = 'Starter'`))[0]!;
});
afterAll(async () => {
  await t.close();
  await stand.close();
});

let n = 0;
const newKey = () => `fault-key-${Date.now()}-${++n}-xxxxxxxx`;
type Owner = { id: number; email: string; token: string };
async function owner(): Promise<Owner> {
  const user = await t.createUser({ plan: false });
  return { ...user, token: await t.tokenFor(user.id) };
}
const charge = (o: Owner, card: string, idempotency_key = newKey()) =>
  t.post<ChargeResult>(
    "/subscription-charge",
    { token: card, amount: "19.00", subscription_id: starter.id, email: o.email, name: "Ada", idempotency_key },
    { token: o.token },
  );

type Row = { id: number; status: string; provider_ref: string | null; failure_message: string | null };
const rows = (o: Owner) =>
  t.query<Row>(sql`select id, status, provider_ref, failure_message from payments where user_id = ${o.id} order by id`);
const status = async (o: Owner) =>
  ((await t.get("/user-profile", { token: o.token })).body.data as { status_payment: string }).status_payment;
/** Everything a credit leaves, after the jobs ran: plan periods, receipts, feed entries. */
async function credits(o: Owner) {
  await t.settle();
  const periods = await t.query(sql`select id from payments where user_id = ${o.id} and period_end is not null`);
  const feed = await t.query<{ kind: string }>(sql`select kind from notifications where user_id = ${o.id} order by id`);
  return { periods: periods.length, receipts: (await t.mailsTo(o.email)).length, feed: feed.map((f) => f.kind) };
}
const once = { periods: 1, receipts: 1, feed: ["payment_succeeded"] };

function webhook(event: object) {
  const payload = JSON.stringify(event);
  const header = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return t.post("/stripe-webhook", undefined, {
    raw: payload,
    contentType: "application/json",
    headers: { "stripe-signature": header },
  });
}
const seconds = (offset = 0) => Math.floor(Date.now() / 1000) + offset;
const intentEvent = (type: string, intent: unknown, created = seconds()) => ({
  id: `evt_${type}_${++n}`,
  object: "event",
  created,
  type,
  data: { object: intent },
});
const failedIntent = (intent: Record<string, unknown>) => ({
  ...intent,
  status: "requires_payment_method",
  last_payment_error: { message: "Your card was declined." },
});

/** An owner whose charge waits for 3-D Secure, and the stand-in's intent once it passed. */
async function awaitingAction() {
  const o = await owner();
  expect((await charge(o, "pm_card_authenticationRequired")).body.data.status).toBe("requires_action");
  const [row] = await rows(o);
  return { o, row: row!, intent: stand.intent(row!.provider_ref!)! };
}

/** The process dies after the provider charged and before the payment is settled. */
async function crashingSettle<T>(run: () => Promise<T>): Promise<T> {
  await t.query(sql`create function test_crash() returns trigger language plpgsql as $$
    begin raise exception 'crash injected'; end $$`);
  await t.query(
    sql`create trigger test_crash_settle before update on payments for each row execute function test_crash()`,
  );
  try {
    return await run();
  } finally {
    await t.query(sql`drop trigger test_crash_settle on payments`);
    await t.query(sql`drop function test_crash()`);
  }
}
async function crashedCharge() {
  const o = await owner();
  const key = newKey();
  const res = await crashingSettle(() => charge(o, "pm_card_visa", key));
  expect(res.statusCode).toBe(500);
  const [row] = await rows(o);
  // Charged at the provider, recorded here as an attempt without an answer.
  expect(row).toMatchObject({ status: "pending", provider_ref: null });
  expect(stand.created(row!.id)).toBe(1);
  expect(await status(o)).toBe("0");
  return { o, key, row: row! };
}
const backdate = (o: Owner, minutes: number) =>
  t.query(sql`update payments set created_at = now() - make_interval(mins => ${minutes}),
    updated_at = now() - make_interval(mins => ${minutes}) where user_id = ${o.id}`);

describe("replayed and duplicated webhooks", () => {
  it("the same event delivered twice at once and again later: one credit, every delivery answered 200", async () => {
    const { o, row } = await awaitingAction();
    const event = intentEvent("payment_intent.succeeded", stand.complete(row.provider_ref!));
    const answers = await Promise.all([webhook(event), webhook(event), webhook(event)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.body.message).sort()).toEqual([
      "Event already processed.",
      "Event already processed.",
      "Event processed.",
    ]);
    const replay = await webhook(event);
    expect([replay.statusCode, replay.body.message]).toEqual([200, "Event already processed."]);
    expect(await rows(o)).toEqual([expect.objectContaining({ status: "succeeded" })]);
    expect(await credits(o)).toEqual(once);
    expect(await t.query(sql`select id from payment_events where id = ${event.id}`)).toHaveLength(1);
  });

  it("two different events telling the same success, at once: one credit", async () => {
    const { o, row } = await awaitingAction();
    const intent = stand.complete(row.provider_ref!);
    const both = await Promise.all([
      webhook(intentEvent("payment_intent.succeeded", intent)),
      webhook(intentEvent("payment_intent.succeeded", intent)),
    ]);
    expect(both.map((a) => a.body.message)).toEqual(["Event processed.", "Event processed."]);
    expect(await credits(o)).toEqual(once);
    expect(await status(o)).toBe("1");
  });
});

describe("events out of order", () => {
  it("a failure made after the success, delivered after it: the payment and the plan stay", async () => {
    const { o, row } = await awaitingAction();
    const intent = stand.complete(row.provider_ref!);
    await webhook(intentEvent("payment_intent.succeeded", intent, seconds(-5)));
    const late = await webhook(intentEvent("payment_intent.payment_failed", failedIntent(intent), seconds(5)));
    expect(late.statusCode).toBe(200);
    await webhook(intentEvent("payment_intent.canceled", { ...intent, status: "canceled" }, seconds(10)));
    expect(await rows(o)).toEqual([expect.objectContaining({ status: "succeeded", failure_message: null })]);
    expect(await status(o)).toBe("1");
    expect(await credits(o)).toEqual(once);
  });

  it("the success arriving after the failure it followed is credited (money that moved is never lost)", async () => {
    const { o, row } = await awaitingAction();
    const intent = stand.intent(row.provider_ref!)!;
    await webhook(intentEvent("payment_intent.payment_failed", failedIntent(intent), seconds(10)));
    expect((await rows(o))[0]!.status).toBe("failed");
    await webhook(intentEvent("payment_intent.succeeded", stand.complete(row.provider_ref!), seconds(5)));
    expect(await status(o)).toBe("1");
    expect((await credits(o)).periods).toBe(1);
  });

  it("an older event after a newer one changes nothing: no failure over a later state", async () => {
    const { o, row } = await awaitingAction();
    const intent = stand.intent(row.provider_ref!)!;
    // Stripe's order: the payment went to processing (t+20); a failure from before (t+10) comes late.
    await webhook(intentEvent("payment_intent.processing", { ...intent, status: "processing" }, seconds(20)));
    expect((await rows(o))[0]!.status).toBe("pending");
    await webhook(intentEvent("payment_intent.payment_failed", failedIntent(intent), seconds(10)));
    expect(await rows(o)).toEqual([expect.objectContaining({ status: "pending", failure_message: null })]);
    expect((await credits(o)).feed).toEqual([]);
    // The success comes: credited once.
    await webhook(intentEvent("payment_intent.succeeded", stand.complete(row.provider_ref!), seconds(30)));
    expect(await credits(o)).toEqual(once);
  });

  it("the intent's creation, delivered after the charge answered, is not a failure", async () => {
    const { o, row, intent } = await awaitingAction();
    const createdEvent = intentEvent(
      "payment_intent.created",
      { ...intent, status: "requires_confirmation" },
      seconds(-2),
    );
    expect((await webhook(createdEvent)).statusCode).toBe(200);
    expect(await rows(o)).toEqual([expect.objectContaining({ id: row.id, status: "requires_action" })]);
    expect((await credits(o)).feed).toEqual([]);
  });

  it("a refund after the success is recorded and changes nothing here (refunds are the owner's to settle in Stripe)", async () => {
    const { o, row } = await awaitingAction();
    const intent = stand.complete(row.provider_ref!);
    await webhook(intentEvent("payment_intent.succeeded", intent));
    const refund = {
      id: `evt_refund_${++n}`,
      object: "event",
      created: seconds(60),
      type: "charge.refunded",
      data: { object: { id: `ch_${n}`, object: "charge", payment_intent: intent.id, refunded: true } },
    };
    expect((await webhook(refund)).statusCode).toBe(200);
    expect(await t.query(sql`select type from payment_events where id = ${refund.id}`)).toEqual([
      { type: "charge.refunded" },
    ]);
    expect(await status(o)).toBe("1");
    expect(await credits(o)).toEqual(once);
  });
});

describe("a crash between the charge and the plan's activation", () => {
  it("the webhook settles it later: one credit", async () => {
    const { o, row } = await crashedCharge();
    const [intent] = stand.intentsFor(row.id);
    const res = await webhook(intentEvent("payment_intent.succeeded", intent));
    expect(res.body.message).toBe("Event processed.");
    expect(await status(o)).toBe("1");
    expect(await rows(o)).toEqual([expect.objectContaining({ status: "succeeded", provider_ref: intent!.id })]);
    expect(await credits(o)).toEqual(once);
  });

  it("the client's retry with the same key settles it: the provider answers the charge it made, no second one", async () => {
    const { o, key, row } = await crashedCharge();
    const retry = await charge(o, "pm_card_visa", key);
    expect(retry.statusCode).toBe(200);
    expect(retry.body.data).toMatchObject({ payment_id: row.id, status: "succeeded", status_payment: "1" });
    expect(stand.created(row.id)).toBe(1);
    expect(await credits(o)).toEqual(once);
  });

  it("the reconciliation settles it, run by two instances at once: one credit", async () => {
    const { o, row } = await crashedCharge();
    // Within the minute the charge call may still be running: left alone.
    expect((await reconcilePayments(t.app)).settled).toBe(0);
    await backdate(o, 2);
    const runs = await Promise.all([reconcilePayments(t.app), reconcilePayments(t.app)]);
    expect(runs.reduce((sum, r) => sum + r.settled, 0)).toBe(1);
    expect(await rows(o)).toEqual([expect.objectContaining({ id: row.id, status: "succeeded" })]);
    expect(await status(o)).toBe("1");
    expect(stand.created(row.id)).toBe(1);
    expect(await credits(o)).toEqual(once);
  });

  it("an API start queues the reconciliation, which settles what the crash left", async () => {
    const { o } = await crashedCharge();
    await backdate(o, 5);
    // A restart: a second instance on the same database.
    const restarted = await createTestApp({}, { database: t.database, payments: provider });
    try {
      await restarted.settle();
    } finally {
      await restarted.close();
    }
    expect(await status(o)).toBe("1");
    expect(await credits(o)).toEqual(once);
  });

  it("a payment the provider never charged is failed after ten minutes, not before", async () => {
    const o = await owner();
    const insert = (key: string) =>
      t.query(sql`insert into payments (user_id, plan_id, mode, list_amount_minor, amount_minor, currency,
        provider, idempotency_key) values (${o.id}, ${starter.id}, 'newUser', 1900, 1900, 'USD', 'stripe', ${key})`);
    await insert(newKey());
    await backdate(o, 11);
    await insert(newKey());
    await t.query(sql`update payments set updated_at = now() - interval '2 minutes'
      where user_id = ${o.id} and created_at > now() - interval '1 minute'`);
    await reconcilePayments(t.app);
    expect((await rows(o)).map((r) => [r.status, r.failure_message])).toEqual([
      ["failed", NOT_COMPLETED],
      ["pending", null],
    ]);
    expect(await status(o)).toBe("0");
  });
});

describe("client retries with one idempotency key", () => {
  it("a charge whose answer timed out: 503, then the retry answers the same payment; one charge at the provider", async () => {
    const o = await owner();
    const key = newKey();
    // Stripe carried out the charge; its answer (and stripe-node's own two retries) never came.
    stand.loseAnswers(3);
    expectError(
      await charge(o, "pm_card_visa", key),
      503,
      "The payment provider could not be reached. Please try again.",
    );
    const [row] = await rows(o);
    expect(row).toMatchObject({ status: "pending", failure_message: null });
    expect(stand.created(row!.id)).toBe(1);

    const retry = await charge(o, "pm_card_visa", key);
    expect(retry.body.data).toMatchObject({ payment_id: row!.id, status: "succeeded", status_payment: "1" });
    // After the success, the same key answers the same result.
    const again = await charge(o, "pm_card_visa", key);
    expect(again.body.data).toMatchObject({ payment_id: row!.id, status: "succeeded" });
    expect(stand.created(row!.id)).toBe(1);
    expect(await rows(o)).toHaveLength(1);
    expect(await credits(o)).toEqual(once);
  });

  it("concurrent retries with one key: one payment, one charge, one credit", async () => {
    const o = await owner();
    const key = newKey();
    const answers = await Promise.all([1, 2, 3, 4].map(() => charge(o, "pm_card_visa", key)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const [row] = await rows(o);
    expect(await rows(o)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body.data.payment_id))).toEqual(new Set([row!.id]));
    expect(stand.created(row!.id)).toBe(1);
    expect((await charge(o, "pm_card_visa", key)).body.data.status).toBe("succeeded");
    expect(await credits(o)).toEqual(once);
  });

  it("a retry while the first call still waits for Stripe: 503 (try again), not a failure; then the one charge", async () => {
    const o = await owner();
    const key = newKey();
    stand.hold();
    const first = charge(o, "pm_card_visa", key);
    while (!stand.requests.some((r) => r.idempotencyKey?.endsWith(key))) await new Promise((r) => setTimeout(r, 20));
    // Stripe answers 409 (the key is in use) to the retry, and to stripe-node's own retries.
    expectError(await charge(o, "pm_card_visa", key), 503);
    const [row] = await rows(o);
    expect(row).toMatchObject({ status: "pending", failure_message: null });
    stand.release();
    expect((await first).body.data).toMatchObject({ payment_id: row!.id, status: "succeeded" });
    expect((await charge(o, "pm_card_visa", key)).body.data.status).toBe("succeeded");
    expect(stand.created(row!.id)).toBe(1);
    expect(await credits(o)).toEqual(once);
  });

  it("a retry with another card under the same key after a lost answer charges nothing more", async () => {
    const o = await owner();
    const key = newKey();
    stand.loseAnswers(3);
    expectError(await charge(o, "pm_card_visa", key), 503);
    // Stripe refuses the key with other parameters: still one charge, still unsettled (503).
    expectError(await charge(o, "pm_card_authenticationRequired", key), 503);
    const [row] = await rows(o);
    expect(stand.created(row!.id)).toBe(1);
    expect(row!.status).toBe("pending");
  });

  it("a retry after a success with a coupon answers the same result, though the coupon is spent now", async () => {
    const o = await owner();
    const coupon = await createCoupon(t.database.db, {
      code: `FAULT${Date.now().toString(36)}`,
      kind: "percent",
      value: 20,
    });
    const apply = { coupon_code: coupon.code, mode: "newUser", subscription_id: starter.id };
    expect((await t.post("/coupon-apply", apply, { token: o.token })).statusCode).toBe(200);
    const key = newKey();
    const body = { token: "pm_card_visa", amount: "15.20", subscription_id: starter.id, email: o.email, name: "Ada" };
    const first = await t.post<ChargeResult>(
      "/subscription-charge",
      { ...body, idempotency_key: key },
      { token: o.token },
    );
    expect(first.body.data).toMatchObject({ status: "succeeded", amount: "15.20" });
    const retry = await t.post<ChargeResult>(
      "/subscription-charge",
      { ...body, idempotency_key: key },
      { token: o.token },
    );
    expect(retry.statusCode).toBe(200);
    expect(retry.body.data).toEqual(first.body.data);
    expect(stand.created(first.body.data.payment_id)).toBe(1);
    expect(await credits(o)).toEqual(once);
  });

  it("a new key is a new purchase: charged again", async () => {
    const o = await owner();
    await charge(o, "pm_card_visa");
    await charge(o, "pm_card_visa");
    const all = await rows(o);
    expect(all.map((r) => r.status)).toEqual(["succeeded", "succeeded"]);
    expect(all.map((r) => stand.created(r.id))).toEqual([1, 1]);
    expect((await credits(o)).periods).toBe(2);
  });
});
