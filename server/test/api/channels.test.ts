import { sql } from "drizzle-orm";
import type { SentMessage } from "../../../contract/notifications";
import type { WalletCard } from "../../../contract/wallet";
import { createTestApp, expectError, expectInvalid, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";
import { startTwilioStandIn } from "../helpers/twilio-stand-in";

// A message on the channels the owner picks: each card gets it at most once per channel, never on
// a channel it refused, at most the business's weekly share of marketing messages, and the owner
// sees per channel what became of it.
jest.setTimeout(60_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

const send = (app: TestApp, token: string, businessId: number, fields: Record<string, unknown> = {}) =>
  app.post<SentMessage>(
    "/notification-add",
    { business_id: businessId, title: "Happy hour", message: "2-for-1 today", ...fields },
    { token },
  );

type SendRow = { card_id: number; channel: string; purpose: string; status: string; reason: string | null };
const sendsOf = async (app: TestApp, messageId: number) => {
  await app.settle();
  return app.query<SendRow>(
    sql`select card_id, channel, purpose, status, reason from channel_sends where purpose = ${`message:${messageId}`} order by card_id, channel`,
  );
};

/** An IANA zone (Etc/GMT±N) whose local hour is `hour` now. */
function zoneAt(hour: number): string {
  let offset = hour - new Date().getUTCHours();
  if (offset > 14) offset -= 24;
  if (offset < -12) offset += 24;
  return offset === 0 ? "Etc/UTC" : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

const messagesSent = async (app: TestApp, token: string) => {
  await app.settle();
  const res = await app.get<{ items: SentMessage[] }>("/message-list", { token });
  expect(res.statusCode).toBe(200);
  return res.body.data.items;
};

/** An owner's programme with a card that ticked email consent, one that did not, and one that unsubscribed. */
async function audience() {
  const p = await f.programme();
  const consenting = await f.join(p.qr.qr_token, { consent_email: true });
  const silent = await f.join(p.qr.qr_token);
  const leaving = await f.join(p.qr.qr_token, { consent_email: true });
  await t.query(sql`update cards set email_opt_out_at = now() where serial = ${leaving.card.serial}`);
  // The your-card mails of the joins are out of the way.
  await t.settle();
  return { ...p, consenting, silent, leaving };
}

const cardIdOf = async (app: TestApp, serial: string) =>
  (await app.query<{ id: number }>(sql`select id from cards where serial = ${serial}`))[0]!.id;

const mailsAbout = async (email: string, subject: string) =>
  (await t.mailsTo(email)).filter((mail) => mail.subject === subject);

describe("notification-add's channels", () => {
  it("defaults to the pass and push: the card shows it, no mail goes out", async () => {
    const a = await audience();
    const res = await send(t, a.token, a.business.id);
    expect(res.statusCode).toBe(201);
    // Every channel it picked has its figures, zero until the pass and push report.
    const zero = { sent: 0, delivered: 0, failed: 0, unsubscribed: 0, skipped: 0 };
    expect(res.body.data).toMatchObject({
      channels: ["pass", "push"],
      delivery: [
        { channel: "pass", ...zero },
        { channel: "push", ...zero },
      ],
    });
    // Each card decided once for the weekly cap: its pass send claimed (no wallet here answers), no
    // push (no device), no mail.
    expect((await sendsOf(t, res.body.data.id)).map((r) => [r.channel, r.status])).toEqual([
      ["pass", "claimed"],
      ["pass", "claimed"],
      ["pass", "claimed"],
    ]);
    expect(await mailsAbout(a.consenting.email, "Happy hour")).toHaveLength(0);
    const card = await t.get<WalletCard>("/wallet-card", {
      query: { qr_token: a.qr.qr_token },
      headers: f.cardHeaders([a.consenting.secret]),
    });
    expect(card.body.data.messages?.map((m) => m.title)).toEqual(["Happy hour"]);
  });

  it("mails only the cards that consented and did not opt out, once, in the card's look with its links", async () => {
    const a = await audience();
    const res = await send(t, a.token, a.business.id, { channels: ["email"], title: "Autumn menu" });
    expect(res.statusCode).toBe(201);
    expect(res.body.data.channels).toEqual(["email"]);

    const [mail, ...more] = await mailsAbout(a.consenting.email, "Autumn menu");
    expect(more).toHaveLength(0);
    expect(mail!.text).toContain("2-for-1 today");
    expect(mail!.text).toMatch(/http:\/\/localhost:3000\/api\/unsubscribe\/\S+/);
    expect(mail!.text).toMatch(/http:\/\/localhost:3000\/card\/preferences\?token=\S+/);
    expect(mail!.html).toContain("Autumn menu");
    expect(await mailsAbout(a.silent.email, "Autumn menu")).toHaveLength(0);
    expect(await mailsAbout(a.leaving.email, "Autumn menu")).toHaveLength(0);

    const rows = await sendsOf(t, res.body.data.id);
    expect(rows.map((r) => [r.channel, r.status, r.reason])).toEqual([
      ["email", "sent", null],
      ["email", "skipped", "no_consent"],
      ["email", "skipped", "opted_out"],
    ]);

    // An email-only message is not on the pass or the card page.
    const card = await t.get<WalletCard>("/wallet-card", {
      query: { qr_token: a.qr.qr_token },
      headers: f.cardHeaders([a.consenting.secret]),
    });
    expect(card.body.data.messages ?? []).toEqual([]);
  });

  it("sends each card a message once per channel, however often its dispatch runs", async () => {
    const a = await audience();
    const res = await send(t, a.token, a.business.id, { channels: ["email", "pass"], title: "Only once" });
    await t.settle();
    // The dispatch delivered again (a worker that died after committing): nothing goes twice.
    await t.app.jobs.enqueue(t.app.db, "message-channels", { messageId: res.body.data.id, afterCardId: 0 });
    await t.settle();
    expect(await mailsAbout(a.consenting.email, "Only once")).toHaveLength(1);
    const rows = await sendsOf(t, res.body.data.id);
    expect(rows.filter((r) => r.channel === "email")).toHaveLength(3);
    // The pass: each card decided once (no wallet here answers, so its send stays claimed).
    expect(rows.filter((r) => r.channel === "pass").map((r) => r.status)).toEqual(["claimed", "claimed", "claimed"]);
  });

  it("a segment narrows the mails to its cards", async () => {
    const a = await audience();
    const res = await send(t, a.token, a.business.id, {
      channels: ["email"],
      title: "For new faces",
      segment: "new",
      days: 30,
    });
    expect(res.statusCode).toBe(201);
    expect(await mailsAbout(a.consenting.email, "For new faces")).toHaveLength(1);
    // Another business's consenting card gets nothing.
    const other = await audience();
    expect(await mailsAbout(other.consenting.email, "For new faces")).toHaveLength(0);
  });

  it("refuses an unknown channel, an empty list and a channel twice, writing nothing", async () => {
    const a = await audience();
    for (const channels of [["fax"], [], ["email", "email"], "email"]) {
      const res = await send(t, a.token, a.business.id, { channels });
      expectError(res, 422);
      expect(Object.keys(res.body.errors ?? {}).some((key) => key.startsWith("channels"))).toBe(true);
    }
    expect(await messagesSent(t, a.token)).toHaveLength(0);
  });

  it("answers 422 channel_unavailable for SMS where SMS is not set up, and writes nothing", async () => {
    const a = await audience();
    const res = await send(t, a.token, a.business.id, { channels: ["pass", "sms"] });
    expectError(res, 422);
    expect(res.body.code).toBe("channel_unavailable");
    // The message form reads from the feed's answer that SMS is not offered.
    const feed = await t.get<{ sms_configured: boolean }>("/notification-list", { token: a.token });
    expect(feed.body.data.sms_configured).toBe(false);
    expect(res.body.errors?.channels).toEqual([expect.any(String)]);
    expect(await messagesSent(t, a.token)).toHaveLength(0);
  });

  it("sends SMS through Twilio where it is set up, once per card, skipping the cards without SMS consent", async () => {
    const sid = `AC${"b2".repeat(16)}`;
    const twilio = await startTwilioStandIn(sid, "twilio-token");
    const app = await createTestApp({
      TWILIO_ACCOUNT_SID: sid,
      TWILIO_AUTH_TOKEN: "twilio-token",
      TWILIO_FROM: "+15005550006",
      TWILIO_API_URL: twilio.url,
    });
    try {
      const g = loyaltyFixtures(app);
      const p = await g.programme();
      // Midday in the business's time zone: outside the quiet hours, the SMS goes at once.
      await app.query(sql`update businesses set time_zone = ${zoneAt(12)} where id = ${p.business.id}`);
      const texted = await g.join(p.qr.qr_token, { consent_sms: true, phone: "+14155550100" });
      const silent = await g.join(p.qr.qr_token, { phone: "+14155550101" });
      const feed = await app.get<{ sms_configured: boolean }>("/notification-list", { token: p.token });
      expect(feed.body.data.sms_configured).toBe(true);
      const res = await send(app, p.token, p.business.id, { channels: ["sms"] });
      expect(res.statusCode).toBe(201);
      expect(res.body.data.channels).toEqual(["sms"]);
      const rows = await sendsOf(app, res.body.data.id);
      expect(rows).toEqual([
        expect.objectContaining({ card_id: await cardIdOf(app, texted.card.serial), channel: "sms", status: "sent" }),
        expect.objectContaining({
          card_id: await cardIdOf(app, silent.card.serial),
          channel: "sms",
          status: "skipped",
          reason: "no_consent",
        }),
      ]);
      expect(twilio.messages).toEqual([expect.objectContaining({ to: "+14155550100", body: "2-for-1 today" })]);
      // Twilio reports the SMS delivered: the message's SMS figures count it.
      const { params, signature } = twilio.statusCallback(twilio.messages[0]!, "delivered");
      const status = await app.post("/hooks/twilio/status", undefined, {
        raw: new URLSearchParams(params).toString(),
        contentType: "application/x-www-form-urlencoded",
        headers: { "x-twilio-signature": signature },
      });
      expect(status.statusCode).toBe(200);
      const [listed] = await messagesSent(app, p.token);
      expect(listed!.delivery).toEqual([
        { channel: "sms", sent: 1, delivered: 1, failed: 0, unsubscribed: 0, skipped: 1 },
      ]);

      // Four SMS-only campaigns dispatched before any SMS job runs: the weekly cap still holds at 3.
      const campaigns = [];
      for (const title of ["Two", "Three", "Four"]) {
        campaigns.push(
          (await send(app, p.token, p.business.id, { channels: ["sms"], title, message: title })).body.data.id,
        );
      }
      await app.settle();
      expect(twilio.messages.map((m) => m.body)).toEqual(["2-for-1 today", "Two", "Three"]);
      const fourth = await sendsOf(app, campaigns[2]!);
      expect(fourth[0]).toMatchObject({ status: "skipped", reason: "weekly_cap" });
    } finally {
      await app.close();
      await twilio.close();
    }
  });
});

describe("the weekly cap", () => {
  it("holds a card to 3 marketing messages a week across channels; the 4th is skipped weekly_cap", async () => {
    const a = await audience();
    const ids: number[] = [];
    for (const title of ["One", "Two", "Three", "Four"]) {
      const res = await send(t, a.token, a.business.id, { channels: ["email"], title });
      expect(res.statusCode).toBe(201);
      ids.push(res.body.data.id);
      await t.settle();
    }
    const fourth = await sendsOf(t, ids[3]!);
    const consentingId = await cardIdOf(t, a.consenting.card.serial);
    expect(fourth.find((r) => r.card_id === consentingId)).toMatchObject({
      status: "skipped",
      reason: "weekly_cap",
    });
    const subjects = (await t.mailsTo(a.consenting.email)).map((m) => m.subject);
    expect(subjects.filter((s) => ["One", "Two", "Three", "Four"].includes(s))).toEqual(["One", "Two", "Three"]);
  });

  it("the owner may lower it (reach-settings-save, 0-3), for their own business only", async () => {
    const a = await audience();
    const saved = await t.post(
      "/reach-settings-save",
      { business_id: a.business.id, weekly_cap: 1, mail_reward_ready: true },
      { token: a.token },
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.body.data).toEqual({
      business_id: a.business.id,
      weekly_cap: 1,
      mail_reward_ready: true,
      mail_expiry: false,
      mail_vouchers: false,
    });
    expectInvalid(
      await t.post("/reach-settings-save", { business_id: a.business.id, weekly_cap: 4 }, { token: a.token }),
      ["weekly_cap"],
    );
    const stranger = await f.owner();
    expectError(
      await t.post("/reach-settings-save", { business_id: a.business.id, weekly_cap: 0 }, { token: stranger }),
      404,
    );

    expect((await send(t, a.token, a.business.id, { channels: ["email"], title: "First" })).statusCode).toBe(201);
    await t.settle();
    const second = await send(t, a.token, a.business.id, { channels: ["email"], title: "Second" });
    const consentingId = await cardIdOf(t, a.consenting.card.serial);
    expect((await sendsOf(t, second.body.data.id)).find((r) => r.card_id === consentingId)).toMatchObject({
      status: "skipped",
      reason: "weekly_cap",
    });
    expect(await mailsAbout(a.consenting.email, "Second")).toHaveLength(0);
  });

  it("holds under messages sent at once: a cap of 1 lets exactly one through to each card", async () => {
    const a = await audience();
    await t.post("/reach-settings-save", { business_id: a.business.id, weekly_cap: 1 }, { token: a.token });
    const titles = ["Rush A", "Rush B", "Rush C", "Rush D"];
    const answers = await Promise.all(
      titles.map((title) => send(t, a.token, a.business.id, { channels: ["email"], title })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    await t.settle();
    const got = (await t.mailsTo(a.consenting.email)).filter((m) => titles.includes(m.subject));
    expect(got).toHaveLength(1);
    const capped = await t.query<{ n: number }>(
      sql`select count(*)::int as n from channel_sends where card_id = ${await cardIdOf(t, a.consenting.card.serial)} and reason = 'weekly_cap'`,
    );
    expect(capped[0]!.n).toBe(3);
  });
});

describe("what the owner sees per message and channel", () => {
  it("message-list counts sent, delivered, failed, unsubscribed and skipped per channel", async () => {
    const a = await audience();
    const res = await send(t, a.token, a.business.id, { channels: ["pass", "email"], title: "Counted" });
    const [mail] = await mailsAbout(a.consenting.email, "Counted");
    const token = decodeURIComponent(mail!.text.match(/\/api\/unsubscribe\/([^\s>]+)/)![1]!);
    expect((await t.post(`/unsubscribe/${encodeURIComponent(token)}`)).statusCode).toBe(200);

    const [listed] = await messagesSent(t, a.token);
    expect(listed).toMatchObject({ id: res.body.data.id, channels: ["pass", "email"] });
    // No Google or Apple wallet here: no pass took it.
    expect(listed!.delivery).toEqual([
      { channel: "pass", sent: 0, delivered: 0, failed: 0, unsubscribed: 0, skipped: 0 },
      { channel: "email", sent: 1, delivered: 1, failed: 0, unsubscribed: 1, skipped: 2 },
    ]);
  });
});
