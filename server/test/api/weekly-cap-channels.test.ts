import { sql } from "drizzle-orm";
import type { Automation } from "../../../contract/automations";
import type { ChannelDelivery, SentMessage } from "../../../contract/notifications";
import { CARD_SECRETS_HEADER, type WalletCard } from "../../../contract/wallet";
import { createTestApp, type TestApp } from "../helpers/app";
import { appleEnv, makeAppleCertificates, PASS_TYPE_ID, readZip, startApnsStandIn } from "../helpers/apple-wallet";
import { startFcmStandIn } from "../helpers/fcm-stand-in";
import { startGoogleStandIn, testServiceAccount } from "../helpers/google-wallet-stand-in";
import { loyaltyFixtures } from "../helpers/loyalty";

// The weekly cap of marketing messages is one decision per card and message, whatever the
// channels: a message on the pass or push counts like a mail, and a card held from a message gets
// it on no channel (no mail, no push, no pass update, not on its card page).
jest.setTimeout(90_000);

const ISSUER = "3388000000087654321";
let fcm: Awaited<ReturnType<typeof startFcmStandIn>>;
let google: Awaited<ReturnType<typeof startGoogleStandIn>>;
const certs = makeAppleCertificates();
let apns: Awaited<ReturnType<typeof startApnsStandIn>>;
let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  fcm = await startFcmStandIn();
  google = await startGoogleStandIn();
  apns = await startApnsStandIn(certs);
  const account = testServiceAccount(google.tokenUri);
  t = await createTestApp({
    ...appleEnv(certs, { APNS_ENDPOINT: apns.endpoint, APNS_CA: certs.wwdr.certPem }),
    ...fcm.env,
    PUBLIC_APP_URL: "https://cards.example.com",
    GOOGLE_WALLET_ISSUER_ID: ISSUER,
    GOOGLE_WALLET_SERVICE_ACCOUNT: Buffer.from(JSON.stringify(account.json)).toString("base64"),
    GOOGLE_WALLET_API_URL: google.apiUrl,
  });
  f = loyaltyFixtures(t);
});
afterAll(async () => {
  await t.close();
  await fcm.close();
  await google.close();
  await apns.close();
});

type Programme = Awaited<ReturnType<typeof f.programme>>;
type Joined = Awaited<ReturnType<typeof f.join>>;
/** A card holder on every channel: an FCM device, a saved Google pass, an iPhone with the Apple pass. */
type Holder = Joined & { device: string; pushToken: string };

let phones = 0;
async function holder(
  p: Programme,
  fields: Record<string, unknown> = {},
  { googleSaved = true } = {},
): Promise<Holder> {
  const joined = await f.join(p.qr.qr_token, fields);
  phones++;
  const device = `cap-device-${phones}-${"y".repeat(24)}`;
  const pushToken = `${phones.toString(16)}cafe`.padEnd(64, "0");
  const registered = await t.post(
    "/fcm-token",
    { for: "card", token: device, qr_token: p.qr.qr_token },
    { headers: f.cardHeaders([joined.secret]) },
  );
  expect(registered.statusCode).toBe(200);
  if (googleSaved) google.saved.add(`${ISSUER}.${joined.card.serial}`);
  const download = await t.get("/apple-wallet-pass", {
    query: { qr_token: p.qr.qr_token },
    headers: { [CARD_SECRETS_HEADER]: joined.secret },
  });
  expect(download.statusCode).toBe(200);
  const pass = JSON.parse(readZip(download.rawPayload)["pass.json"]!.toString()) as { authenticationToken: string };
  const phone = await t.post(
    `/apple-wallet/v1/devices/cap-phone-${phones}/registrations/${PASS_TYPE_ID}/${joined.card.serial}`,
    { pushToken },
    { headers: { authorization: `ApplePass ${pass.authenticationToken}` } },
  );
  expect(phone.statusCode).toBe(201);
  return { ...joined, device, pushToken };
}

async function capOf(p: Programme, weeklyCap: number) {
  const res = await t.post(
    "/reach-settings-save",
    { business_id: p.business.id, weekly_cap: weeklyCap },
    { token: p.token },
  );
  expect(res.statusCode).toBe(200);
}

async function send(p: Programme, title: string, channels: string[]) {
  const res = await t.post<SentMessage>(
    "/notification-add",
    { business_id: p.business.id, title, message: `${title} inside`, channels },
    { token: p.token },
  );
  expect(res.statusCode).toBe(201);
  return res.body.data.id;
}

const figuresOf = async (p: Programme, messageId: number): Promise<ChannelDelivery[]> => {
  await t.settle();
  const res = await t.get<{ items: SentMessage[] }>("/message-list", { token: p.token });
  expect(res.statusCode).toBe(200);
  return res.body.data.items.find((m) => m.id === messageId)!.delivery;
};

/** What became of a message for a card, per channel: [channel, status, reason]. */
const rowsOf = (h: Joined, messageId: number) =>
  t
    .query<{ channel: string; status: string; reason: string | null }>(
      sql`select s.channel, s.status, s.reason from channel_sends s join cards c on c.id = s.card_id
          where c.serial = ${h.card.serial} and s.purpose = ${`message:${messageId}`} order by s.channel`,
    )
    .then((rows) => rows.map((r) => [r.channel, r.status, r.reason]));

/** The titles the holder's card page shows. */
const cardPage = async (p: Programme, h: Joined) => {
  const res = await t.get<WalletCard>("/wallet-card", {
    query: { qr_token: p.qr.qr_token },
    headers: f.cardHeaders([h.secret]),
  });
  expect(res.statusCode).toBe(200);
  return (res.body.data.messages ?? []).map((m) => m.title);
};

/** Whether each channel carried the message titled `title` to the holder. */
const reached = async (h: Holder, title: string, since: { google: number; apns: number }) => ({
  mail: (await t.mailsTo(h.email)).some((m) => m.subject === title),
  push: fcm.sent.some((s) => s.token === h.device && s.title === title),
  google: google
    .patches()
    .slice(since.google)
    .some((r) => r.path.includes(`${ISSUER}.${h.card.serial}`) && JSON.stringify(r.body).includes(title)),
});
/** The content-free pushes that told the holder's iPhone to fetch its pass again. */
const applePushes = (h: Holder, since: { apns: number }) =>
  apns.requests.slice(since.apns).filter((r) => r.path === `/3/device/${h.pushToken}`).length;
const mark = () => ({ google: google.patches().length, apns: apns.requests.length });

const everywhere = { mail: true, push: true, google: true };
const nowhere = { mail: false, push: false, google: false };

describe("the weekly cap across channels", () => {
  it("counts a message on the pass: after a pass-only message, an email message is skipped weekly_cap", async () => {
    const p = await f.programme();
    await capOf(p, 1);
    const h = await holder(p, { consent_email: true });
    await t.settle();
    const onPass = await send(p, "Pass first", ["pass"]);
    await t.settle();
    expect(await rowsOf(h, onPass)).toEqual([["pass", "sent", null]]);

    const byMail = await send(p, "Mail second", ["email"]);
    await t.settle();
    expect(await rowsOf(h, byMail)).toEqual([["email", "skipped", "weekly_cap"]]);
    expect((await t.mailsTo(h.email)).map((m) => m.subject)).not.toContain("Mail second");
  });

  it("holds a pass and push message from a card that had its share by mail, on every channel; a card under the cap gets it on all", async () => {
    const p = await f.programme();
    await capOf(p, 1);
    const mailed = await holder(p, { consent_email: true });
    // No mail consent: the first message never reached this card, which stays under the cap.
    const under = await holder(p);
    await t.settle();
    const first = await send(p, "By mail", ["email"]);
    await t.settle();
    expect(await rowsOf(mailed, first)).toEqual([["email", "sent", null]]);

    const before = mark();
    const second = await send(p, "On the phone", ["pass", "push"]);
    expect(await figuresOf(p, second)).toEqual([
      { channel: "pass", sent: 1, delivered: 1, failed: 0, unsubscribed: 0, skipped: 1 },
      { channel: "push", sent: 1, delivered: 1, failed: 0, unsubscribed: 0, skipped: 1 },
    ]);
    expect(await rowsOf(mailed, second)).toEqual([
      ["pass", "skipped", "weekly_cap"],
      ["push", "skipped", "weekly_cap"],
    ]);
    expect(await reached(mailed, "On the phone", before)).toEqual(nowhere);
    expect(applePushes(mailed, before)).toBe(0);
    expect(await cardPage(p, mailed)).not.toContain("On the phone");
    expect(await rowsOf(under, second)).toEqual([
      ["pass", "sent", null],
      ["push", "sent", null],
    ]);
    expect(await reached(under, "On the phone", before)).toEqual({ ...everywhere, mail: false });
    expect(applePushes(under, before)).toBe(1);
    expect(await cardPage(p, under)).toContain("On the phone");

    // The pages and pushes run again: the decision stands, nothing goes twice.
    await t.app.jobs.enqueue(t.app.db, "message-channels", { messageId: second, afterCardId: 0 });
    await t.settle();
    expect(await rowsOf(mailed, second)).toEqual([
      ["pass", "skipped", "weekly_cap"],
      ["push", "skipped", "weekly_cap"],
    ]);
  });

  it("two messages sent at once to a card with one left: exactly one reaches it, on all its channels", async () => {
    const p = await f.programme();
    await capOf(p, 2);
    const h = await holder(p, { consent_email: true });
    await t.settle();
    await send(p, "Earlier", ["email"]);
    await t.settle();

    const before = mark();
    const titles = ["Rush one", "Rush two"];
    const ids = await Promise.all(titles.map((title) => send(p, title, ["pass", "push", "email"])));
    await t.settle();
    const rows = await Promise.all(ids.map((id) => rowsOf(h, id)));
    const held = rows.filter((r) => r.every(([, status, reason]) => status === "skipped" && reason === "weekly_cap"));
    const got = rows.filter((r) => r.every(([, status]) => status === "sent"));
    expect([held.length, got.length]).toEqual([1, 1]);
    expect(held[0]!.map(([channel]) => channel)).toEqual(["email", "pass", "push"]);
    const winner = titles[rows.indexOf(got[0]!)]!;
    const loser = titles[rows.indexOf(held[0]!)]!;
    expect(await reached(h, winner, before)).toEqual(everywhere);
    expect(await reached(h, loser, before)).toEqual(nowhere);
    // The iPhone fetched its pass for one message, not for both.
    expect(applePushes(h, before)).toBe(1);
    const page = await cardPage(p, h);
    expect(page).toContain(winner);
    expect(page).not.toContain(loser);
  });

  it("holds marketing automations on the pass and push too, never a notice (an expiry notice)", async () => {
    const p = await f.programme({ stamps_required: 10 });
    await t.query(sql`update rewards set expire_after_days = 30, expiry_from = null where id = ${p.reward.id}`);
    await capOf(p, 0);
    for (const [kind, title] of [
      ["welcome", "Welcome aboard"],
      ["about_to_expire", "Stamps expiring"],
    ]) {
      const saved = await t.post<Automation>(
        "/automation-save",
        { business_id: p.business.id, kind, enabled: true, title, message: `${title} inside` },
        { token: p.token },
      );
      expect(saved.statusCode).toBe(200);
    }
    const h = await holder(p);
    await t.query(
      sql`update cards set stamps = 3, last_visit_at = now() - interval '23 days', earned_at = now() - interval '23 days'
          where serial = ${h.card.serial}`,
    );
    await t.settle();
    const before = mark();
    await t.app.jobs.enqueue(t.database.db, "automations", {});
    await t.settle();

    const sent = await t.query<{ id: number; title: string }>(
      sql`select m.id, m.title from business_messages m join message_recipients r on r.message_id = m.id
          join cards c on c.id = r.card_id where c.serial = ${h.card.serial} order by m.id`,
    );
    expect(sent.map((m) => m.title).sort()).toEqual(["Stamps expiring", "Welcome aboard"]);
    const welcome = sent.find((m) => m.title === "Welcome aboard")!;
    expect(await rowsOf(h, welcome.id)).toEqual([
      ["pass", "skipped", "weekly_cap"],
      ["push", "skipped", "weekly_cap"],
    ]);
    expect(await reached(h, "Welcome aboard", before)).toMatchObject({ push: false, google: false });
    expect(await reached(h, "Stamps expiring", before)).toMatchObject({ push: true, google: true });
    expect(applePushes(h, before)).toBe(1);
    const page = await cardPage(p, h);
    expect(page).toContain("Stamps expiring");
    expect(page).not.toContain("Welcome aboard");
  });
});

describe("Apple pass pushes APNs refuses for now", () => {
  it("are retried by their job; when the retries give up, the card gets a failed row (unreachable)", async () => {
    const p = await f.programme();
    // Only an iPhone: no Google pass answers for this card.
    const h = await holder(p, {}, { googleSaved: false });
    apns.answers.set(h.pushToken, { status: 503, reason: "ServiceUnavailable" });
    await t.settle();
    const before = mark();
    const id = await send(p, "Busy phone", ["pass"]);
    await t.settle();
    const tries = () =>
      t.query<{ n: number }>(
        sql`select count(*)::int as n from ${sql.raw("pgboss.job")} where name = 'apple-pass-push' and state = 'retry'`,
      );
    // pg-boss's retries, made due one after the other until the job gives up.
    let rounds = 0;
    while ((await tries())[0]!.n > 0 && rounds++ < 10) {
      expect(await rowsOf(h, id)).not.toContainEqual(["pass", "failed", "unreachable"]);
      await t.query(
        sql`update ${sql.raw("pgboss.job")} set start_after = now() - interval '1 second' where name = 'apple-pass-push' and state = 'retry'`,
      );
      await t.settle();
    }
    expect(rounds).toBeGreaterThan(1);
    expect(apns.requests.slice(before.apns).filter((r) => r.path === `/3/device/${h.pushToken}`).length).toBe(
      rounds + 1,
    );
    expect(await rowsOf(h, id)).toEqual([["pass", "failed", "unreachable"]]);
    expect(await figuresOf(p, id)).toEqual([
      { channel: "pass", sent: 0, delivered: 0, failed: 1, unsubscribed: 0, skipped: 0 },
    ]);
  });
});
