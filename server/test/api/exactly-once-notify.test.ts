import { sql } from "drizzle-orm";
import { CARD_HOLDER_PAGE } from "../../src/modules/notifications/push-targets";
import { seedPlans } from "../../src/seed/plans";
import { queueMail } from "../../src/services/mail-jobs";
import { createTestApp, uniqueEmail, type TestApp } from "../helpers/app";
import { startFcmStandIn } from "../helpers/fcm-stand-in";
import { keepJobs, redeliver } from "../helpers/jobs";
import { loyaltyFixtures } from "../helpers/loyalty";
import { ownerPayingStarter } from "../helpers/payments";

/**
 * Every notification job's effect happens once, whatever is replayed: each job kind
 * runs, is delivered again as pg-boss does after its worker died between the handler's commit and
 * the job's completion (helpers/jobs.ts), runs again, and its effects are counted where they land:
 * feed rows, pushes at the FCM stand-in, mails in the outbox, automation sends.
 */
jest.setTimeout(60_000);

let fcm: Awaited<ReturnType<typeof startFcmStandIn>>;
let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  fcm = await startFcmStandIn();
  t = await createTestApp({ ...fcm.env, PUBLIC_APP_URL: "https://cards.example.com" });
  f = loyaltyFixtures(t);
  await seedPlans(t.database.db);
});
afterAll(async () => {
  await t.close();
  await fcm.close();
});

const device = (tag: string) => `device-${tag}-${Date.now()}-${"x".repeat(24)}`;

/** Runs the queue's jobs once more, as after a worker died before marking them done. */
async function runAgain(queue: string) {
  expect(await redeliver(t.query, queue)).toBeGreaterThan(0);
  await t.settle();
}

/** Pushes the stand-in received, per device token among `tokens`. */
const pushesTo = (tokens: string[], title?: string) =>
  Object.fromEntries(
    tokens.map((token) => [
      token,
      fcm.sent.filter((p) => p.token === token && (title === undefined || p.title === title)).length,
    ]),
  );

const count = async (query: ReturnType<typeof sql>) => Number((await t.query<{ n: number }>(query))[0]!.n);

const ownerIdOf = async (businessId: number) =>
  (await t.query<{ id: number }>(sql`select user_id as id from businesses where id = ${businessId}`))[0]!.id;

it("event.feed and push-owner: one feed entry and one push per device for an event run twice", async () => {
  const { token, qr, business } = await f.programme();
  const staff = await f.staffOf(token, uniqueEmail("once-staff"));
  const boss = device("boss");
  const till = device("till");
  await t.post("/fcm-token", { for: "owner", token: boss }, { token });
  await t.post("/fcm-token", { for: "owner", token: till }, { token: staff.token });
  await t.settle();
  await f.join(qr.qr_token, { name: "Once Only" });
  await t.settle();

  await runAgain("event.feed");
  await runAgain("push-owner");

  const ownerId = await ownerIdOf(business.id);
  expect(
    await count(sql`select count(*)::int as n from notifications where user_id = ${ownerId} and kind = 'card_joined'`),
  ).toBe(1);
  expect(pushesTo([boss, till], "New card")).toEqual({ [boss]: 1, [till]: 1 });
});

it("push-card-holders: a page run again re-sends nothing and starts no second chain", async () => {
  const { token, qr, business } = await f.programme();
  const joined = await f.join(qr.qr_token);
  const [card] = await t.query<{ id: number }>(sql`select id from cards where serial = ${joined.card.serial}`);
  const tag = `chain-${Date.now()}`;
  const holders = CARD_HOLDER_PAGE * 2 + 3;
  await t.query(sql`insert into push_tokens (token, card_id)
    select ${tag} || '-' || i || '-${sql.raw("z".repeat(20))}', ${card!.id} from generate_series(1, ${holders}) i`);
  const tokens = (
    await t.query<{ token: string }>(sql`select token from push_tokens where token like ${`${tag}-%`} order by id`)
  ).map((r) => r.token);
  // A dead device in the first page: its first run deletes it, so a rerun reads a page that ends
  // further on (and would name another next page, were pages keyed by where they end).
  fcm.unregistered.add(tokens[10]!);
  const jobs = () =>
    count(
      sql`select count(*)::int as n from pgboss.job where name = 'push-card-holders' and data->>'businessId' = ${String(business.id)}`,
    );

  const res = await t.post(
    "/notification-add",
    { business_id: business.id, title: "Chain", message: "Once each" },
    { token },
  );
  expect(res.statusCode).toBe(201);
  await t.settle();
  expect(await jobs()).toBe(3);

  await runAgain("push-card-holders");
  await runAgain("push-card-holders");

  expect(await jobs()).toBe(3);
  const sent = pushesTo(tokens, "Chain");
  expect(Object.values(sent).filter((n) => n !== 1)).toEqual([0]); // the dead device only
  expect(sent[tokens[10]!]).toBe(0);
});

it("mail: a mail job run again sends no second mail", async () => {
  const to = uniqueEmail("once-mail");
  await queueMail(t.app, t.app.db, { to, subject: "Once", text: "Only once.", kind: "test" });
  // The mail queue deletes its jobs when done: keep a copy to deliver again.
  expect(await keepJobs(t.query, "mail")).toBe(1);
  await t.settle();
  await runAgain("mail");
  expect(await t.mailsTo(to)).toHaveLength(1);
});

it("otp-request: a request run again neither mails a second code nor voids the first", async () => {
  const user = await t.createUser();
  expect((await t.post("/forgot-password", { email: user.email })).statusCode).toBe(200);
  await t.settle();
  const code = await t.lastOtp(user.email);

  await runAgain("otp-request");

  expect(await t.mailsTo(user.email)).toHaveLength(1);
  const res = await t.post("/otp-verify", { email: user.email, otp: code, purpose: "forgot-password" });
  expect(res.statusCode).toBe(200);
});

it("contact-mail: a contact message run again is mailed once", async () => {
  const marker = `once-${Date.now()}`;
  const res = await t.post("/contact-us", {
    email: "visitor@example.com",
    name: "Vera Visitor",
    phone_number: "+1 555 0199",
    company_name: "Corner Café",
    message: `Could we get a demo? ${marker}`,
  });
  expect(res.statusCode).toBe(200);
  await t.settle();
  await runAgain("contact-mail");
  expect(await count(sql`select count(*)::int as n from mail_outbox where text like ${`%${marker}%`}`)).toBe(1);
});

it("payment-receipt: a receipt job run again mails one receipt", async () => {
  const { user, charge } = await ownerPayingStarter(t);
  expect((await charge("pm_card_visa")).statusCode).toBe(200);
  await t.settle();
  await runAgain("payment-receipt");
  await runAgain("event.feed");
  const receipts = (await t.mailsTo(user.email)).filter((m) => m.subject.includes("receipt"));
  expect(receipts).toHaveLength(1);
  expect(
    await count(
      sql`select count(*)::int as n from notifications where user_id = ${user.id} and kind = 'payment_succeeded'`,
    ),
  ).toBe(1);
});

it("payment-reconcile: run twice, a lost charge is credited once, with one receipt and one entry", async () => {
  const { user, charge } = await ownerPayingStarter(t);
  // The process dies between the provider's charge and the credit: the payment stays pending.
  await t.query(sql`create function test_crash() returns trigger language plpgsql as $$
    begin raise exception 'crash injected'; end $$`);
  await t.query(sql`create trigger test_crash before update on payments for each row execute function test_crash()`);
  try {
    expect((await charge("pm_card_visa")).statusCode).toBe(500);
  } finally {
    await t.query(sql`drop trigger test_crash on payments`);
    await t.query(sql`drop function test_crash()`);
  }
  await t.query(sql`update payments set updated_at = now() - interval '2 minutes' where user_id = ${user.id}`);

  await t.app.jobs.enqueue(t.app.db, "payment-reconcile", {});
  await t.settle();
  await runAgain("payment-reconcile");

  const statuses = await t.query<{ status: string }>(sql`select status from payments where user_id = ${user.id}`);
  expect(statuses.map((r) => r.status)).toEqual(["succeeded"]);
  expect((await t.mailsTo(user.email)).filter((m) => m.subject.includes("receipt"))).toHaveLength(1);
  expect(
    await count(
      sql`select count(*)::int as n from notifications where user_id = ${user.id} and kind = 'payment_succeeded'`,
    ),
  ).toBe(1);
});

it("automations: a tick run again sends each card its message once, with one push", async () => {
  const { token, qr, business } = await f.programme();
  const saved = await t.post(
    "/automation-save",
    { business_id: business.id, kind: "welcome", enabled: true, title: "Welcome, {name}", message: "Glad you came." },
    { token },
  );
  expect(saved.statusCode).toBe(200);
  const joined = await f.join(qr.qr_token, { name: "Wendy Welcome" });
  const phone = device("welcome");
  const registered = await t.post(
    "/fcm-token",
    { for: "card", token: phone, qr_token: qr.qr_token },
    { headers: f.cardHeaders([joined.secret]) },
  );
  expect(registered.statusCode).toBe(200);

  await t.app.jobs.enqueue(t.app.db, "automations", {});
  await t.settle();
  await runAgain("automations");
  await runAgain("push-card-holders");

  const [card] = await t.query<{ id: number }>(sql`select id from cards where serial = ${joined.card.serial}`);
  expect(await count(sql`select count(*)::int as n from automation_sends where card_id = ${card!.id}`)).toBe(1);
  expect(
    await count(
      sql`select count(*)::int as n from business_messages where business_id = ${business.id} and segment = 'automation:welcome'`,
    ),
  ).toBe(1);
  expect(pushesTo([phone], "Welcome, Wendy Welcome")).toEqual({ [phone]: 1 });
});

it("housekeeping: run twice, it removes what is old once and keeps the rest", async () => {
  const old = uniqueEmail("old-outbox");
  const fresh = uniqueEmail("fresh-outbox");
  await t.query(sql`insert into mail_outbox ("to", subject, text, created_at)
    values (${old}, 'Old', 'old', now() - interval '30 days'), (${fresh}, 'Fresh', 'fresh', now())`);
  await t.app.jobs.enqueue(t.app.db, "housekeeping", {});
  await t.settle();
  await runAgain("housekeeping");
  const left = await t.query<{ to: string }>(
    sql`select "to" from mail_outbox where "to" in (${old}, ${fresh}) order by "to"`,
  );
  expect(left.map((r) => r.to)).toEqual([fresh]);
  // Both runs went through (a periodic job is not retried: a failure would stay failed).
  expect(
    await count(sql`select count(*)::int as n from pgboss.job where name = 'housekeeping' and state = 'failed'`),
  ).toBe(0);
});
