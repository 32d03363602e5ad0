import { sql } from "drizzle-orm";
import type { SmsEstimate } from "../../../contract/sms";
import { queueSms, type SmsJob } from "../../src/modules/reach/sms/send";
import { twilioSignature } from "../../src/modules/reach/sms/signature";
import { createTestApp, expectError, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";
import { startTwilioStandIn } from "../helpers/twilio-stand-in";

// SMS through Twilio: consent and opt-out, STOP/START/HELP by signed webhooks, status callbacks,
// quiet hours, the plan's monthly allowance, once per card and purpose, and sms-estimate.
jest.setTimeout(60_000);

const SID = `AC${"a1".repeat(16)}`;
const TOKEN = "twilio-auth-token";
const FROM = "+15005550006";
const PUBLIC = "http://localhost:3000";

let twilio: Awaited<ReturnType<typeof startTwilioStandIn>>;
let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  twilio = await startTwilioStandIn(SID, TOKEN);
  t = await createTestApp({
    TWILIO_ACCOUNT_SID: SID,
    TWILIO_AUTH_TOKEN: TOKEN,
    TWILIO_FROM: FROM,
    TWILIO_API_URL: twilio.url,
  });
  f = loyaltyFixtures(t);
});
afterAll(async () => {
  await t.close();
  await twilio.close();
});

/** An IANA zone (Etc/GMT±N) whose local hour is `hour` now. */
function zoneAt(hour: number): string {
  let offset = hour - new Date().getUTCHours();
  if (offset > 14) offset -= 24;
  if (offset < -12) offset += 24;
  return offset === 0 ? "Etc/UTC" : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

let phones = 0;
/** A UK mobile number no other test uses, as a customer might type it. */
const newPhone = () => `07911 1${String(++phones).padStart(5, "0")}`;
const e164 = (typed: string) => `+44${typed.replace(/\D/g, "").slice(1)}`;

/** A programme (UK business, midday there) and a card whose holder joined with these fields. */
async function holder(
  fields: Record<string, unknown> = { consent_sms: true },
  p?: Awaited<ReturnType<typeof f.programme>>,
) {
  const programme = p ?? (await f.programme());
  await t.query(sql`update businesses set time_zone = ${zoneAt(12)} where id = ${programme.business.id}`);
  const phone = newPhone();
  const joined = await f.join(programme.qr.qr_token, { phone, ...fields });
  const [card] = await t.query<{ id: number }>(sql`select id from cards where serial = ${joined.card.serial}`);
  return { p: programme, cardId: card!.id, phone: e164(phone), joined };
}

async function sms(job: Partial<SmsJob> & { cardId: number }) {
  await queueSms({ jobs: t.app.jobs }, t.app.db, {
    purpose: "test",
    marketing: false,
    body: "Hello from the café",
    ...job,
  });
  await t.settle();
}

type SendRow = {
  status: string;
  reason: string | null;
  segments: number | null;
  provider_id: string | null;
  delivery: string | null;
};
const sendsOf = (cardId: number) =>
  t.query<SendRow>(
    sql`select status, reason, segments, provider_id, delivery from channel_sends where card_id = ${cardId} and channel = 'sms' order by id`,
  );
const sentTo = (phone: string) => twilio.messages.filter((m) => m.to === phone);

/** Posts a Twilio webhook to the API as Twilio would (form-encoded, signed for the public URL). */
function hook(path: "inbound" | "status", params: Record<string, string>, signature?: string) {
  const url = `${PUBLIC}/api/hooks/twilio/${path}`;
  return t.post(`/hooks/twilio/${path}`, undefined, {
    raw: new URLSearchParams(params).toString(),
    contentType: "application/x-www-form-urlencoded",
    headers: { "x-twilio-signature": signature ?? twilioSignature(TOKEN, url, params) },
  });
}
const inbound = (from: string, body: string) => twilio.inbound(`${PUBLIC}/api/hooks/twilio/inbound`, from, body).params;

describe("the Twilio signature", () => {
  it("matches Twilio's documented example", () => {
    const params = {
      CallSid: "CA1234567890ABCDE",
      Caller: "+12349013030",
      Digits: "1234",
      From: "+12349013030",
      To: "+18005551212",
    };
    expect(twilioSignature("12345", "https://mycompany.com/myapp.php?foo=1&bar=2", params)).toBe(
      "0/KCTR6DLpKmkAf8muzZqo1nDgQ=",
    );
  });
});

describe("sending", () => {
  it("sends to a holder who agreed to SMS: Twilio's Messages API, signed callback URL, segments kept", async () => {
    const { cardId, phone } = await holder();
    await sms({ cardId, body: "Your reward is ready" });
    const [message, ...more] = sentTo(phone);
    expect(more).toHaveLength(0);
    expect(message).toMatchObject({
      from: FROM,
      body: "Your reward is ready",
      statusCallback: `${PUBLIC}/api/hooks/twilio/status`,
    });
    expect(await sendsOf(cardId)).toEqual([
      { status: "sent", reason: null, segments: 1, provider_id: message!.sid, delivery: "queued" },
    ]);
  });

  it("normalises the phone typed at the join to E.164 from the business's country", async () => {
    const { joined, phone } = await holder();
    const [row] = await t.query<{ phone_e164: string }>(
      sql`select c.phone_e164 from customers c join cards k on k.customer_id = c.id where k.serial = ${joined.card.serial}`,
    );
    expect(row!.phone_e164).toBe(phone);
  });

  it("sends nothing without SMS consent, and records why", async () => {
    const { cardId, phone } = await holder({});
    await sms({ cardId });
    expect(sentTo(phone)).toHaveLength(0);
    expect(await sendsOf(cardId)).toMatchObject([{ status: "skipped", reason: "no_consent" }]);
  });

  it("sends nothing to a holder who turned SMS off", async () => {
    const { cardId, phone } = await holder();
    await t.query(sql`update cards set sms_opt_out_at = now() where id = ${cardId}`);
    await sms({ cardId });
    expect(sentTo(phone)).toHaveLength(0);
    expect(await sendsOf(cardId)).toMatchObject([{ status: "skipped", reason: "opted_out" }]);
  });

  it("sends nothing without a phone", async () => {
    const p = await f.programme();
    await t.query(sql`update businesses set time_zone = ${zoneAt(12)} where id = ${p.business.id}`);
    const joined = await f.join(p.qr.qr_token, { consent_sms: true });
    const [card] = await t.query<{ id: number }>(sql`select id from cards where serial = ${joined.card.serial}`);
    const before = twilio.messages.length;
    await sms({ cardId: card!.id });
    expect(twilio.messages.length).toBe(before);
    expect(await sendsOf(card!.id)).toMatchObject([{ status: "skipped", reason: "no_phone" }]);
  });

  it("sends once per card and purpose, however often it is queued", async () => {
    const { cardId, phone } = await holder();
    await Promise.all([
      queueSms({ jobs: t.app.jobs }, t.app.db, { cardId, purpose: "message:7", marketing: true, body: "One" }),
      queueSms({ jobs: t.app.jobs }, t.app.db, { cardId, purpose: "message:7", marketing: true, body: "One" }),
    ]);
    await t.settle();
    await sms({ cardId, purpose: "message:7", body: "One" });
    expect(sentTo(phone)).toHaveLength(1);
    await sms({ cardId, purpose: "message:8", body: "Two" });
    expect(sentTo(phone).map((m) => m.body)).toEqual(["One", "Two"]);
  });

  it("marks an outcome Twilio did not tell (a 5xx) unknown and never sends it again", async () => {
    const { cardId, phone } = await holder();
    twilio.answerNext(1, { status: 503, code: 20503 });
    const before = twilio.requests.length;
    await sms({ cardId, purpose: "unknown" });
    expect(await sendsOf(cardId)).toMatchObject([{ status: "unknown", reason: "http_503", provider_id: null }]);
    await sms({ cardId, purpose: "unknown" });
    expect(twilio.requests.length).toBe(before + 1);
    expect(sentTo(phone)).toHaveLength(0);
  });

  it("marks a send Twilio refused (a 4xx) failed with Twilio's code; 21610 turns SMS off for the number", async () => {
    const { cardId } = await holder();
    twilio.answerNext(1, { status: 400, code: 21610 });
    await sms({ cardId });
    expect(await sendsOf(cardId)).toMatchObject([{ status: "failed", reason: "twilio_21610" }]);
    const [card] = await t.query<{ sms_opt_out_at: Date | null }>(
      sql`select sms_opt_out_at from cards where id = ${cardId}`,
    );
    expect(card!.sms_opt_out_at).not.toBeNull();
  });
});

describe("quiet hours (21:00 to 08:00 in the business's time zone)", () => {
  it("holds an SMS at night and sends it at 08:00 there", async () => {
    const { p, cardId, phone } = await holder();
    await t.query(sql`update businesses set time_zone = ${zoneAt(23)} where id = ${p.business.id}`);
    await sms({ cardId, body: "Good morning" });
    expect(sentTo(phone)).toHaveLength(0);
    expect(await sendsOf(cardId)).toEqual([]);

    // The held job is due at 08:00 local time, nine hours from 23:xx.
    const [held] = await t.query<{ hours: number }>(
      sql`select extract(epoch from start_after - date_trunc('hour', now()))::int / 3600 as hours
        from pgboss.job where name = 'sms' and state = 'created' and data->>'cardId' = ${String(cardId)}`,
    );
    expect(held!.hours).toBe(9);

    // Morning comes: the job is due, and it is 08:00 there.
    await t.query(sql`update businesses set time_zone = ${zoneAt(8)} where id = ${p.business.id}`);
    await t.query(
      sql`update pgboss.job set start_after = now() where name = 'sms' and state = 'created' and data->>'cardId' = ${String(cardId)}`,
    );
    await t.settle();
    expect(sentTo(phone).map((m) => m.body)).toEqual(["Good morning"]);
    expect(await sendsOf(cardId)).toMatchObject([{ status: "sent" }]);
  });

  it("sends at 08:00 and holds at 21:00", async () => {
    const { p, cardId, phone } = await holder();
    await t.query(sql`update businesses set time_zone = ${zoneAt(21)} where id = ${p.business.id}`);
    await sms({ cardId, purpose: "late" });
    expect(sentTo(phone)).toHaveLength(0);
    await t.query(sql`update businesses set time_zone = ${zoneAt(8)} where id = ${p.business.id}`);
    await sms({ cardId, purpose: "early" });
    expect(sentTo(phone)).toHaveLength(1);
  });
});

describe("the monthly allowance", () => {
  it("skips a send that would pass the plan's segments this month, counted in segments", async () => {
    const { p, cardId, phone } = await holder();
    const [owner] = await t.query<{ user_id: number }>(sql`select user_id from businesses where id = ${p.business.id}`);
    const [plan] = await t.query<{ sms_allowance: number }>(sql`select p.sms_allowance from plans p
      join payments x on x.plan_id = p.id where x.user_id = ${owner!.user_id} limit 1`);
    // Used up but 2 segments of this month's allowance.
    await t.query(sql`insert into channel_sends (user_id, business_id, card_id, channel, purpose, status, segments)
      values (${owner!.user_id}, ${p.business.id}, ${cardId}, 'sms', 'earlier', 'sent', ${plan!.sms_allowance - 2})`);
    await sms({ cardId, purpose: "three", body: "x".repeat(400) });
    await sms({ cardId, purpose: "two", body: "x".repeat(300) });
    expect(sentTo(phone)).toHaveLength(1);
    const sends = await sendsOf(cardId);
    expect(sends.find((s) => s.segments === 3)).toMatchObject({ status: "skipped", reason: "allowance" });
    expect(sends.find((s) => s.segments === 2)).toMatchObject({ status: "sent" });
  });

  it("holds under concurrent sends: together they never pass it", async () => {
    const { p, cardId, phone } = await holder();
    const [owner] = await t.query<{ user_id: number }>(sql`select user_id from businesses where id = ${p.business.id}`);
    const [plan] = await t.query<{ sms_allowance: number }>(sql`select p.sms_allowance from plans p
      join payments x on x.plan_id = p.id where x.user_id = ${owner!.user_id} limit 1`);
    await t.query(sql`insert into channel_sends (user_id, business_id, card_id, channel, purpose, status, segments)
      values (${owner!.user_id}, ${p.business.id}, ${cardId}, 'sms', 'earlier', 'sent', ${plan!.sms_allowance - 3})`);
    const second = await createTestApp(
      { TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: FROM, TWILIO_API_URL: twilio.url },
      { database: t.database },
    );
    try {
      for (let i = 0; i < 6; i++) {
        await queueSms({ jobs: t.app.jobs }, t.app.db, { cardId, purpose: `race:${i}`, marketing: false, body: "Hi" });
      }
      await Promise.all([t.settle(), second.settle()]);
    } finally {
      await second.close();
    }
    expect(sentTo(phone)).toHaveLength(3);
  });
});

describe("STOP, START and HELP (/api/hooks/twilio/inbound)", () => {
  it("refuses a request without Twilio's signature, or with another's, and changes nothing", async () => {
    const { cardId, phone } = await holder();
    const params = inbound(phone, "STOP");
    expectError(await hook("inbound", params, "bm90IHR3aWxpbw=="), 403);
    const missing = await t.post("/hooks/twilio/inbound", undefined, {
      raw: new URLSearchParams(params).toString(),
      contentType: "application/x-www-form-urlencoded",
    });
    expect(missing.statusCode).toBe(403);
    // Signed for another URL (the signature covers the URL Twilio called).
    const other = twilioSignature(TOKEN, "https://elsewhere.example/hook", params);
    expect((await hook("inbound", params, other)).statusCode).toBe(403);
    const [card] = await t.query<{ sms_opt_out_at: Date | null }>(
      sql`select sms_opt_out_at from cards where id = ${cardId}`,
    );
    expect(card!.sms_opt_out_at).toBeNull();
  });

  it.each(["STOP", "stopall", "Unsubscribe", "CANCEL", "end", "QUIT "])(
    "%s turns SMS off on every card of the number, and answers TwiML",
    async (word) => {
      const first = await holder();
      // The same customer number at another owner's business.
      const other = await f.programme();
      await t.query(sql`update businesses set time_zone = ${zoneAt(12)} where id = ${other.business.id}`);
      const typed = `0${first.phone.slice(3)}`;
      const joined = await f.join(other.qr.qr_token, { phone: typed, consent_sms: true });
      const res = await hook("inbound", inbound(first.phone, word));
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/xml/);
      expect(res.text).toMatch(
        /^<\?xml version="1.0" encoding="UTF-8"\?><Response><Message>.*START.*<\/Message><\/Response>$/,
      );
      const rows = await t.query<{ sms_opt_out_at: Date | null }>(sql`select sms_opt_out_at from cards
        where id = ${first.cardId} or serial = ${joined.card.serial}`);
      expect(rows).toHaveLength(2);
      expect(rows.every((r) => r.sms_opt_out_at !== null)).toBe(true);
      await sms({ cardId: first.cardId, purpose: `after-${word}` });
      expect(sentTo(first.phone)).toHaveLength(0);
    },
  );

  it("START turns SMS back on, recorded as consent by keyword", async () => {
    const { cardId, phone } = await holder();
    await hook("inbound", inbound(phone, "STOP"));
    const res = await hook("inbound", inbound(phone, "start"));
    expect(res.statusCode).toBe(200);
    expect(res.text).toContain("<Message>");
    const [card] = await t.query<{ sms_opt_out_at: Date | null; consent_sms_source: string }>(
      sql`select sms_opt_out_at, consent_sms_source from cards where id = ${cardId}`,
    );
    expect(card).toEqual({ sms_opt_out_at: null, consent_sms_source: "sms_keyword" });
    await sms({ cardId, purpose: "after-start" });
    expect(sentTo(phone)).toHaveLength(1);
  });

  it("HELP answers who sends and how to stop, in the card's language", async () => {
    const { p, phone } = await holder({ consent_sms: true }, undefined);
    const en = await hook("inbound", inbound(phone, "HELP"));
    expect(en.text).toContain(p.business.business_name);
    expect(en.text).toContain("Reply STOP");
    await t.query(
      sql`update cards set locale = 'fr' where customer_id in (select id from customers where phone_e164 = ${phone})`,
    );
    const fr = await hook("inbound", inbound(phone, "help"));
    expect(fr.text).toContain("Répondez STOP");
  });

  it("answers any other message with an empty TwiML response", async () => {
    const { phone } = await holder();
    const res = await hook("inbound", inbound(phone, "Thanks!"));
    expect(res.statusCode).toBe(200);
    expect(res.text).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
  });
});

describe("status callbacks (/api/hooks/twilio/status)", () => {
  it("update the message's send: delivered, and a late `sent` does not undo it", async () => {
    const { cardId, phone } = await holder();
    await sms({ cardId });
    const [message] = sentTo(phone);
    for (const status of ["sent", "delivered", "sent"]) {
      const { params, signature } = twilio.statusCallback(message!, status);
      expect((await hook("status", params, signature)).statusCode).toBe(200);
    }
    expect(await sendsOf(cardId)).toMatchObject([{ status: "sent", delivery: "delivered" }]);
  });

  it("undelivered marks the send failed with Twilio's error code", async () => {
    const { cardId, phone } = await holder();
    await sms({ cardId });
    const [message] = sentTo(phone);
    const { params, signature } = twilio.statusCallback(message!, "undelivered", "30003");
    await hook("status", params, signature);
    expect(await sendsOf(cardId)).toMatchObject([
      { status: "failed", reason: "twilio_30003", delivery: "undelivered" },
    ]);
  });

  it("refuses an unsigned callback and changes nothing", async () => {
    const { cardId, phone } = await holder();
    await sms({ cardId });
    const [message] = sentTo(phone);
    const { params } = twilio.statusCallback(message!, "failed", "30005");
    expectError(await hook("status", params, "forged"), 403);
    expect(await sendsOf(cardId)).toMatchObject([{ status: "sent", delivery: "queued" }]);
  });
});

describe("sms-estimate", () => {
  it("counts messages, segments and the price for a GSM-7 body", async () => {
    const { p } = await holder();
    await holder({ consent_sms: true }, p);
    await holder({}, p); // no consent: not counted
    const res = await t.post<SmsEstimate>(
      "/sms-estimate",
      { business_id: p.business.id, body: "a".repeat(161) },
      { token: p.token },
    );
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({
      available: true,
      messages: 2,
      encoding: "GSM-7",
      segments_per_message: 2,
      segments: 4,
      currency: "USD",
    });
    const [plan] = await t.query<{ price: string }>(sql`select p.sms_price_per_segment::text as price from plans p
      join payments x on x.plan_id = p.id join businesses b on b.user_id = x.user_id where b.id = ${p.business.id} limit 1`);
    expect(res.body.data.price).toBe((Number(plan!.price) * 4).toFixed(2));
  });

  it("counts UCS-2 bodies at 70 characters a segment, 67 when split", async () => {
    const { p } = await holder();
    const estimate = async (body: string) =>
      (await t.post<SmsEstimate>("/sms-estimate", { business_id: p.business.id, body }, { token: p.token })).body.data;
    expect(await estimate("ç".repeat(70))).toMatchObject({ encoding: "UCS-2", segments_per_message: 1 });
    expect(await estimate("ç".repeat(71))).toMatchObject({ encoding: "UCS-2", segments_per_message: 2 });
    expect(await estimate("ç".repeat(134))).toMatchObject({ encoding: "UCS-2", segments_per_message: 2 });
    expect(await estimate("ç".repeat(135))).toMatchObject({ encoding: "UCS-2", segments_per_message: 3 });
    expect(await estimate("a".repeat(160))).toMatchObject({ encoding: "GSM-7", segments_per_message: 1 });
    expect(await estimate("a".repeat(306))).toMatchObject({ encoding: "GSM-7", segments_per_message: 2 });
    expect(await estimate("a".repeat(307))).toMatchObject({ encoding: "GSM-7", segments_per_message: 3 });
  });

  it("counts only the cards at the level the level segment names", async () => {
    const { p, cardId } = await holder();
    await holder({ consent_sms: true }, p);
    await t.query(sql`update cards set level = 'Silver' where id = ${cardId}`);
    const estimate = async (level: string) =>
      (
        await t.post<SmsEstimate>(
          "/sms-estimate",
          { business_id: p.business.id, segment: "level", level, body: "Hi" },
          { token: p.token },
        )
      ).body.data;
    expect(await estimate("Silver")).toMatchObject({ segment: "level", messages: 1 });
    expect(await estimate("Gold")).toMatchObject({ segment: "level", messages: 0 });
  });

  it("refuses an empty body (422) and another owner's business (404)", async () => {
    const { p } = await holder();
    expect(
      (await t.post("/sms-estimate", { business_id: p.business.id, body: " " }, { token: p.token })).statusCode,
    ).toBe(422);
    const stranger = await f.owner();
    expect(
      (await t.post("/sms-estimate", { business_id: p.business.id, body: "Hi" }, { token: stranger })).statusCode,
    ).toBe(404);
  });
});
