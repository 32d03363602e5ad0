import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import type { CardPreferences } from "../../../contract/card-preferences";
import type { CustomerDetail, CustomerExport } from "../../../contract/customers";
import { createTestApp, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";

// Mail to customers: consent recorded as evidence, "your card" only with email consent, the
// unsubscribe headers and link (RFC 8058), the preferences page's calls, and SMTP refusals.
jest.setTimeout(60_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

type CardRow = {
  consent_email_at: Date | null;
  consent_email_source: string | null;
  consent_sms_at: Date | null;
  consent_sms_source: string | null;
  email_opt_out_at: Date | null;
  sms_opt_out_at: Date | null;
  push_opt_out_at: Date | null;
  locale: string | null;
};
const cardRow = async (app: TestApp, serial: string) =>
  (await app.query<CardRow>(sql`select * from cards where serial = ${serial}`))[0]!;

/** The token of a customer mail's links. */
const tokenOf = (text: string) => decodeURIComponent(text.match(/\/api\/unsubscribe\/([^\s>]+)/)![1]!);

describe("wallet-join records the optional consents", () => {
  it("keeps email and SMS consent with time and source `join`, and the page's language", async () => {
    const p = await f.programme();
    const before = Date.now();
    const joined = await f.join(
      p.qr.qr_token,
      { consent_email: true, consent_sms: "on" },
      { headers: { "accept-language": "fr" } },
    );
    const row = await cardRow(t, joined.card.serial);
    expect(row.consent_email_source).toBe("join");
    expect(row.consent_sms_source).toBe("join");
    expect(new Date(row.consent_email_at!).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.consent_sms_at).not.toBeNull();
    expect(row.locale).toBe("fr");
  });

  it("leaves both unticked by default: no consent, no mail", async () => {
    const p = await f.programme();
    const joined = await f.join(p.qr.qr_token);
    const row = await cardRow(t, joined.card.serial);
    expect(row).toMatchObject({ consent_email_at: null, consent_sms_at: null, locale: null });
    expect(await t.mailsTo(joined.email)).toHaveLength(0);
  });
});

describe("the your-card mail", () => {
  it("goes to a customer who ticked email consent, in the page's language, with every link", async () => {
    const p = await f.programme();
    const joined = await f.join(p.qr.qr_token, { consent_email: true }, { headers: { "accept-language": "es" } });
    const [mail, ...more] = await t.mailsTo(joined.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toMatch(/^Tu tarjeta de /);
    expect(mail!.text).toContain("Abrir mi tarjeta: http://localhost:3000/add-to-wallet");
    expect(mail!.text).toContain("Añadir a Apple Wallet");
    expect(mail!.text).toContain("Guardar en Google Wallet");
    expect(mail!.text).toMatch(/http:\/\/localhost:3000\/card\/preferences\?token=\S+/);
    expect(mail!.text).toMatch(/http:\/\/localhost:3000\/api\/unsubscribe\/\S+/);
    expect(mail!.html).toContain('lang="es"');
    expect(mail!.html).toContain("Abrir mi tarjeta");
  });

  it("speaks the business's card language when the page's is not known", async () => {
    const p = await f.programme();
    await t.query(sql`update businesses set card_locale = 'de' where id = ${p.business.id}`);
    const joined = await f.join(p.qr.qr_token, { consent_email: true });
    const [mail] = await t.mailsTo(joined.email);
    expect(mail!.subject).toMatch(/^Ihre Karte von /);
  });
});

describe("unsubscribe and preferences by the mail's token (no sign-in)", () => {
  async function joinedWithMail() {
    const p = await f.programme();
    const joined = await f.join(p.qr.qr_token, { consent_email: true });
    const [mail] = await t.mailsTo(joined.email);
    return { joined, token: tokenOf(mail!.text) };
  }

  it("a POST to the one-click URL unsubscribes at once; a GET changes nothing", async () => {
    const { joined, token } = await joinedWithMail();
    const path = `/unsubscribe/${encodeURIComponent(token)}`;

    const get = await t.get(path);
    expect(get.statusCode).not.toBe(200);
    expect((await cardRow(t, joined.card.serial)).email_opt_out_at).toBeNull();

    const post = await t.post(path, undefined, {
      raw: "List-Unsubscribe=One-Click",
      contentType: "application/x-www-form-urlencoded",
    });
    expect(post.statusCode).toBe(200);
    expect((await cardRow(t, joined.card.serial)).email_opt_out_at).not.toBeNull();
  });

  it("the card page links the same preferences page", async () => {
    const { joined, token } = await joinedWithMail();
    const res = await t.get<{ preferences_url: string }>("/wallet-card", {
      query: { serial: joined.card.serial },
      headers: f.cardHeaders([joined.secret]),
    });
    expect(res.body.data.preferences_url).toBe(
      `http://localhost:3000/card/preferences?token=${encodeURIComponent(token)}`,
    );
  });

  it("refuses a token that is not ours, and changes nothing", async () => {
    const { joined, token } = await joinedWithMail();
    const forged = `${token.slice(0, -4)}AAAA`;
    const res = await t.post(`/unsubscribe/${encodeURIComponent(forged)}`);
    expect(res.statusCode).toBe(422);
    expect((await cardRow(t, joined.card.serial)).email_opt_out_at).toBeNull();
  });

  it("the preferences turn email, SMS and push off and on, keeping consent as evidence", async () => {
    const { joined, token } = await joinedWithMail();
    const shown = await t.get<CardPreferences>("/card-preferences", { query: { token } });
    expect(shown.statusCode).toBe(200);
    expect(shown.body.data).toMatchObject({ email: true, sms: false, push: true });
    expect(shown.body.data.consent_email).toMatchObject({ source: "join" });

    const off = await t.post<CardPreferences>("/card-preferences-save", {
      token,
      email: false,
      sms: false,
      push: false,
    });
    expect(off.body.data).toMatchObject({ email: false, sms: false, push: false });
    const row = await cardRow(t, joined.card.serial);
    expect(row.email_opt_out_at).not.toBeNull();
    expect(row.push_opt_out_at).not.toBeNull();
    expect(row.consent_email_source).toBe("join");

    const on = await t.post<CardPreferences>("/card-preferences-save", { token, email: true, sms: true, push: true });
    expect(on.body.data).toMatchObject({ email: true, sms: true, push: true });
    expect(on.body.data.consent_sms).toMatchObject({ source: "preferences" });
    expect(on.body.data.consent_email).toMatchObject({ source: "preferences" });
  });
});

describe("through SMTP", () => {
  type Smtp = { app: TestApp; received: string[]; rcpt: string[]; close(): Promise<void> };

  /** An SMTP stand-in: `bounce-…` addresses get a 550, `busy-…` a 450, others are taken. */
  async function smtpApp(env: Record<string, string> = {}): Promise<Smtp> {
    const received: string[] = [];
    const rcpt: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onRcptTo(address, _session, callback) {
        rcpt.push(address.address);
        const refuse = (code: number) => callback(Object.assign(new Error("refused"), { responseCode: code }));
        if (address.address.startsWith("bounce-")) return refuse(550);
        if (address.address.startsWith("busy-")) return refuse(450);
        callback();
      },
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push(Buffer.concat(chunks).toString("utf8"));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.server.address() as AddressInfo).port;
    const app = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, ...env });
    return {
      app,
      received,
      rcpt,
      async close() {
        await app.close();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      },
    };
  }

  it("sends List-Unsubscribe (URL, and a mailto only when configured) and List-Unsubscribe-Post, with a text part", async () => {
    const plain = await smtpApp();
    const withMailto = await smtpApp({ UNSUBSCRIBE_EMAIL: "unsubscribe@example.com" });
    try {
      for (const smtp of [plain, withMailto]) {
        const g = loyaltyFixtures(smtp.app);
        const p = await g.programme();
        await g.join(p.qr.qr_token, { consent_email: true });
        await smtp.app.app.settle();
      }
      expect(plain.received).toHaveLength(1);
      const raw = plain.received[0]!.replace(/\r\n[ \t]+/g, " ");
      expect(raw).toMatch(/^List-Unsubscribe: <http:\/\/localhost:3000\/api\/unsubscribe\/[^>]+>\r?$/m);
      expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
      expect(raw).toContain("Content-Type: text/plain");
      expect(raw).toContain("Content-Type: text/html");
      const mailto = withMailto.received[0]!.replace(/\r\n[ \t]+/g, " ");
      expect(mailto).toMatch(
        /^List-Unsubscribe: <http:[^>]+>, <mailto:unsubscribe@example\.com\?subject=unsubscribe>/m,
      );
    } finally {
      await plain.close();
      await withMailto.close();
    }
  });

  it("a 5xx marks the address bounced, and no mail goes to it again", async () => {
    const smtp = await smtpApp();
    try {
      const g = loyaltyFixtures(smtp.app);
      const p = await g.programme();
      const email = `bounce-${Date.now()}@example.com`;
      await g.join(p.qr.qr_token, { email, consent_email: true });
      await smtp.app.app.settle();
      const [customer] = await smtp.app.query<{ email_bounced_at: Date | null }>(
        sql`select email_bounced_at from customers where email = ${email}`,
      );
      expect(customer!.email_bounced_at).not.toBeNull();
      const [send] = await smtp.app.query<{ status: string; reason: string }>(
        sql`select status, reason from channel_sends where purpose = 'your-card' order by id desc limit 1`,
      );
      expect(send).toMatchObject({ status: "failed", reason: "smtp_550" });

      // The same customer joins the owner's second business: nothing is tried at the address.
      const second = await g.addBusiness(p.token);
      const reward = await g.addReward(p.token, second.id);
      const qr = await g.generateQr(p.token, second.id, { reward_id: reward.id });
      await g.join(qr.qr_token, { email, consent_email: true });
      await smtp.app.app.settle();
      expect(smtp.rcpt.filter((a) => a === email)).toHaveLength(1);
      expect(smtp.received).toHaveLength(0);
    } finally {
      await smtp.close();
    }
  });

  it("a 4xx is an unknown outcome: marked on the send, never sent again", async () => {
    const smtp = await smtpApp();
    try {
      const g = loyaltyFixtures(smtp.app);
      const p = await g.programme();
      const email = `busy-${Date.now()}@example.com`;
      await g.join(p.qr.qr_token, { email, consent_email: true });
      await smtp.app.app.settle();
      await smtp.app.app.settle();
      const sends = await smtp.app.query<{ status: string; reason: string }>(
        sql`select s.status, s.reason from channel_sends s join cards c on c.id = s.card_id
            join customers u on u.id = c.customer_id where u.email = ${email}`,
      );
      expect(sends).toEqual([{ status: "unknown", reason: "smtp_450" }]);
      expect(smtp.rcpt.filter((a) => a === email)).toHaveLength(1);
      const [customer] = await smtp.app.query<{ email_bounced_at: Date | null }>(
        sql`select email_bounced_at from customers where email = ${email}`,
      );
      expect(customer!.email_bounced_at).toBeNull();
    } finally {
      await smtp.close();
    }
  });
});

describe("consent is evidence", () => {
  it("the customer's page and the export show what was agreed, when and how; erasure removes it with the sends", async () => {
    const p = await f.programme();
    const joined = await f.join(p.qr.qr_token, { consent_email: true });
    const [mail] = await t.mailsTo(joined.email);
    await t.post(`/unsubscribe/${encodeURIComponent(tokenOf(mail!.text))}`);
    const query = { serial: joined.card.serial };

    const detail = await t.get<CustomerDetail>("/customer-detail", { token: p.token, query });
    expect(detail.body.data.consent.email).toMatchObject({ source: "join", bounced_at: null });
    expect(detail.body.data.consent.email.agreed_at).toEqual(expect.any(String));
    expect(detail.body.data.consent.email.opted_out_at).toEqual(expect.any(String));
    expect(detail.body.data.consent.sms).toEqual({ agreed_at: null, source: null, opted_out_at: null });

    const exported = JSON.parse((await t.get("/customer-export", { token: p.token, query })).text) as CustomerExport;
    expect(exported.cards[0]!.consent.email).toMatchObject({ source: "join" });

    expect((await t.post("/customer-delete", query, { token: p.token })).statusCode).toBe(200);
    const left = await t.query(
      sql`select 1 from channel_sends s join cards c on c.id = s.card_id where c.serial = ${joined.card.serial}`,
    );
    expect(left).toHaveLength(0);
  });
});
