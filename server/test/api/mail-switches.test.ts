import { sql } from "drizzle-orm";
import { expiryNotices, rewardReadyNotice } from "../../src/modules/notifications/notice-mail";
import { createTestApp, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";

// The owner's mail switches: reward ready, 7 days before expiry and vouchers go by email to cards
// that consented, once per card and purpose; campaign vouchers count as marketing.
jest.setTimeout(60_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

const switches = async (token: string, businessId: number, fields: Record<string, unknown>) => {
  const res = await t.post("/reach-settings-save", { business_id: businessId, ...fields }, { token });
  expect(res.statusCode).toBe(200);
};
const sends = (cardSerial: string) =>
  t.query<{ purpose: string; status: string; reason: string | null; marketing: boolean }>(
    sql`select purpose, status, reason, marketing from channel_sends s join cards c on c.id = s.card_id
        where c.serial = ${cardSerial} and s.channel = 'email' and s.purpose <> 'your-card' order by s.id`,
  );

describe("reward ready", () => {
  it("mails a consenting card once when its reward becomes ready, with the unsubscribe link", async () => {
    const p = await f.programme({ stamps_required: 2, cooldown_minutes: 0 });
    await switches(p.token, p.business.id, { mail_reward_ready: true });
    const joined = await f.join(p.qr.qr_token, { consent_email: true });
    expect((await f.staffScan(p.token, joined.card.serial)).statusCode).toBe(200);
    await t.settle();
    // The same change heard again (a job run twice) mails nothing more.
    const [card] = await t.query<{ id: number }>(sql`select id from cards where serial = ${joined.card.serial}`);
    await rewardReadyNotice({ db: t.database.db, mailer: t.app.mailer, config: t.config }, card!.id);
    const mails = (await t.mailsTo(joined.email)).filter((m) => /reward/i.test(m.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/is ready$/);
    expect(mails[0]!.text).toMatch(/http:\/\/localhost:3000\/api\/unsubscribe\/\S+/);
    expect(await sends(joined.card.serial)).toEqual([
      { purpose: "reward-ready:0", status: "sent", reason: null, marketing: false },
    ]);
  });

  it("sends nothing while the switch is off, nor to a card without email consent", async () => {
    const p = await f.programme({ stamps_required: 2, cooldown_minutes: 0 });
    const off = await f.join(p.qr.qr_token, { consent_email: true });
    await f.staffScan(p.token, off.card.serial);
    await t.settle();
    await switches(p.token, p.business.id, { mail_reward_ready: true });
    const noConsent = await f.join(p.qr.qr_token);
    await f.staffScan(p.token, noConsent.card.serial);
    expect((await t.mailsTo(off.email)).filter((m) => /reward/i.test(m.subject))).toHaveLength(0);
    expect(await t.mailsTo(noConsent.email)).toHaveLength(0);
    expect(await sends(noConsent.card.serial)).toEqual([
      { purpose: "reward-ready:0", status: "skipped", reason: "no_consent", marketing: false },
    ]);
  });
});

describe("7 days before expiry", () => {
  it("mails once per expiry date, in the card's language, and only with the switch on", async () => {
    const p = await f.programme({ stamps_required: 10, expire_after_days: 5 });
    const joined = await f.join(p.qr.qr_token, { consent_email: true }, { headers: { "accept-language": "es" } });
    const deps = { db: t.database.db, mailer: t.app.mailer, config: t.config };
    await expiryNotices(deps);
    expect(await sends(joined.card.serial)).toEqual([]);
    await switches(p.token, p.business.id, { mail_expiry: true });
    await expiryNotices(deps);
    await expiryNotices(deps);
    const mails = (await t.mailsTo(joined.email)).filter((m) => /caduca/.test(m.subject));
    expect(mails).toHaveLength(1);
    expect(await sends(joined.card.serial)).toMatchObject([{ status: "sent", marketing: false }]);
  });
});

describe("vouchers", () => {
  const addOffer = async (token: string, businessId: number, trigger: string) => {
    const res = await t.post<{ id: number }>(
      "/offer-add",
      { business_id: businessId, title: "Free pastry", kind: "free_item", trigger, valid_days: 30 },
      { token },
    );
    expect(res.statusCode).toBe(201);
    return res.body.data;
  };

  it("mails a join voucher as service mail, and a campaign's as marketing within the weekly cap", async () => {
    const p = await f.programme();
    await switches(p.token, p.business.id, { mail_vouchers: true, weekly_cap: 0 });
    await addOffer(p.token, p.business.id, "join");
    const joined = await f.join(p.qr.qr_token, { consent_email: true });
    const [voucherMail] = (await t.mailsTo(joined.email)).filter((m) => /voucher/i.test(m.subject));
    expect(voucherMail!.text).toContain("Free pastry");

    const campaign = await addOffer(p.token, p.business.id, "campaign");
    const sent = await t.post("/offer-send", { offer_id: campaign.id, segment: "all" }, { token: p.token });
    expect(sent.statusCode).toBeLessThan(300);
    await t.settle();
    const rows = await sends(joined.card.serial);
    expect(rows.map((r) => [r.status, r.reason, r.marketing])).toEqual([
      ["sent", null, false],
      ["skipped", "weekly_cap", true],
    ]);
    expect((await t.mailsTo(joined.email)).filter((m) => /voucher/i.test(m.subject))).toHaveLength(1);
  });
});
