import { sql } from "drizzle-orm";
import type { ChannelDelivery, SentMessage } from "../../../contract/notifications";
import { CARD_SECRETS_HEADER } from "../../../contract/wallet";
import { controlBucket } from "../../src/modules/insights/control-group";
import { createTestApp, type TestApp } from "../helpers/app";
import { appleEnv, makeAppleCertificates, PASS_TYPE_ID, readZip, startApnsStandIn } from "../helpers/apple-wallet";
import { startFcmStandIn } from "../helpers/fcm-stand-in";
import { startGoogleStandIn, testServiceAccount } from "../helpers/google-wallet-stand-in";
import { redeliver } from "../helpers/jobs";
import { loyaltyFixtures } from "../helpers/loyalty";

// Per-channel figures for the pass and push: what each can know (a pass update a saved Google
// pass took; a push FCM took, or refused as a device gone), once per message and card, beside
// email and SMS in message-list.
jest.setTimeout(60_000);

const ISSUER = "3388000000012345678";
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

const device = (n: string) => `card-device-token-${n}-${"z".repeat(24)}`;

async function registerDevice(qrToken: string, secret: string, token: string) {
  const res = await t.post(
    "/fcm-token",
    { for: "card", token, qr_token: qrToken },
    { headers: f.cardHeaders([secret]) },
  );
  expect(res.statusCode).toBe(200);
}

const figuresOf = async (token: string, messageId: number): Promise<ChannelDelivery[]> => {
  await t.settle();
  const res = await t.get<{ items: SentMessage[] }>("/message-list", { token });
  expect(res.statusCode).toBe(200);
  return res.body.data.items.find((m) => m.id === messageId)!.delivery;
};

const rowsOf = (messageId: number) =>
  t.query<{ card_id: number; channel: string; status: string; reason: string | null }>(
    sql`select card_id, channel, status, reason from channel_sends where purpose = ${`message:${messageId}`}
        and channel in ('pass', 'push') order by channel, card_id`,
  );

describe("push figures", () => {
  it("counts a card once when FCM took it for any of its devices, failed when every device is gone", async () => {
    const p = await f.programme();
    const twoDevices = await f.join(p.qr.qr_token);
    const gone = await f.join(p.qr.qr_token);
    const noDevice = await f.join(p.qr.qr_token);
    void noDevice;
    await registerDevice(p.qr.qr_token, twoDevices.secret, device(`a-${p.business.id}`));
    await registerDevice(p.qr.qr_token, twoDevices.secret, device(`b-${p.business.id}`));
    await registerDevice(p.qr.qr_token, gone.secret, device(`gone-${p.business.id}`));
    fcm.unregistered.add(device(`gone-${p.business.id}`));
    await t.settle();

    const res = await t.post<SentMessage>(
      "/notification-add",
      { business_id: p.business.id, title: "Push figures", message: "Hello", channels: ["push"] },
      { token: p.token },
    );
    expect(res.statusCode).toBe(201);
    expect(res.body.data.delivery).toEqual([
      { channel: "push", sent: 0, delivered: 0, failed: 0, unsubscribed: 0, skipped: 0 },
    ]);
    expect(await figuresOf(p.token, res.body.data.id)).toEqual([
      { channel: "push", sent: 1, delivered: 1, failed: 1, unsubscribed: 0, skipped: 0 },
    ]);
    const rows = await rowsOf(res.body.data.id);
    expect(rows.map((r) => [r.status, r.reason])).toEqual([
      ["sent", null],
      ["failed", "unregistered"],
    ]);

    // The same pushes run again (a redelivered job) count nothing twice.
    await t.settle();
    expect(await figuresOf(p.token, res.body.data.id)).toEqual([
      { channel: "push", sent: 1, delivered: 1, failed: 1, unsubscribed: 0, skipped: 0 },
    ]);

    // The holder who got it turns push off on the card's page: counted unsubscribed since.
    await t.query(sql`update cards set push_opt_out_at = now() where serial = ${twoDevices.card.serial}`);
    expect(await figuresOf(p.token, res.body.data.id)).toEqual([
      { channel: "push", sent: 1, delivered: 1, failed: 1, unsubscribed: 1, skipped: 0 },
    ]);
  });
});

describe("pass figures", () => {
  it("counts the saved Google passes that took the message, once per card; a card never saved is no pass", async () => {
    const p = await f.programme();
    const saved = await f.join(p.qr.qr_token);
    const alsoSaved = await f.join(p.qr.qr_token);
    const neverSaved = await f.join(p.qr.qr_token);
    void neverSaved;
    google.saved.add(`${ISSUER}.${saved.card.serial}`);
    google.saved.add(`${ISSUER}.${alsoSaved.card.serial}`);
    await t.settle();

    const res = await t.post<SentMessage>(
      "/notification-add",
      { business_id: p.business.id, title: "Pass figures", message: "Hello", channels: ["pass", "email"] },
      { token: p.token },
    );
    expect(res.statusCode).toBe(201);
    const figures = await figuresOf(p.token, res.body.data.id);
    expect(figures.map((d) => d.channel)).toEqual(["pass", "email"]);
    expect(figures[0]).toEqual({ channel: "pass", sent: 2, delivered: 2, failed: 0, unsubscribed: 0, skipped: 0 });
    // The card never saved was decided (the card page shows it) but no pass answered for it.
    expect((await rowsOf(res.body.data.id)).map((r) => [r.channel, r.status])).toEqual([
      ["pass", "sent"],
      ["pass", "sent"],
      ["pass", "claimed"],
    ]);
  });

  it("leaves out the control group: its passes are updated without the message", async () => {
    const p = await f.programme();
    const joined = await f.join(p.qr.qr_token);
    google.saved.add(`${ISSUER}.${joined.card.serial}`);
    await t.query(sql`update businesses set control_group_percent = 20 where id = ${p.business.id}`);
    // This card in the group: its bucket below the percent.
    await t.query(sql`update cards set serial = ${"LC-CTRL-8"} where serial = ${joined.card.serial}`);
    google.saved.add(`${ISSUER}.LC-CTRL-8`);
    await t.settle();
    const res = await t.post<SentMessage>(
      "/notification-add",
      { business_id: p.business.id, title: "Held out", message: "Hello", channels: ["pass"] },
      { token: p.token },
    );
    expect(res.statusCode).toBe(201);
    expect(await figuresOf(p.token, res.body.data.id)).toEqual([
      { channel: "pass", sent: 0, delivered: 0, failed: 0, unsubscribed: 0, skipped: 0 },
    ]);
  });
});

describe("Apple pass figures", () => {
  /** The card's Apple pass downloaded, and a phone `device` registered for it with `pushToken`. */
  async function registerPhone(qrToken: string, secret: string, serial: string, device: string, pushToken: string) {
    const download = await t.get("/apple-wallet-pass", {
      query: { qr_token: qrToken },
      headers: { [CARD_SECRETS_HEADER]: secret },
    });
    expect(download.statusCode).toBe(200);
    const pass = JSON.parse(readZip(download.rawPayload)["pass.json"]!.toString()) as { authenticationToken: string };
    const res = await t.post(
      `/apple-wallet/v1/devices/${device}/registrations/${PASS_TYPE_ID}/${serial}`,
      { pushToken },
      { headers: { authorization: `ApplePass ${pass.authenticationToken}` } },
    );
    expect(res.statusCode).toBe(201);
  }
  const pushToken = (tag: string, businessId: number) => `${tag}${businessId.toString(16)}`.padEnd(64, "0");

  it("counts the Apple passes that took the message, once per card; failed when APNs refused every phone as gone", async () => {
    const p = await f.programme();
    const twoPhones = await f.join(p.qr.qr_token);
    const gone = await f.join(p.qr.qr_token);
    const noPhone = await f.join(p.qr.qr_token);
    const [live, dead, badToken] = ["a1", "b2", "c3"].map((tag) => pushToken(tag, p.business.id));
    apns.answers.set(dead!, { status: 410, reason: "Unregistered" });
    apns.answers.set(badToken!, { status: 400, reason: "BadDeviceToken" });
    await registerPhone(p.qr.qr_token, twoPhones.secret, twoPhones.card.serial, `live-${p.business.id}`, live!);
    await registerPhone(p.qr.qr_token, twoPhones.secret, twoPhones.card.serial, `dead-${p.business.id}`, dead!);
    await registerPhone(p.qr.qr_token, gone.secret, gone.card.serial, `bad-${p.business.id}`, badToken!);
    await t.settle();

    const res = await t.post<SentMessage>(
      "/notification-add",
      { business_id: p.business.id, title: "Apple figures", message: "Hello", channels: ["pass"] },
      { token: p.token },
    );
    expect(res.statusCode).toBe(201);
    expect(await figuresOf(p.token, res.body.data.id)).toEqual([
      { channel: "pass", sent: 1, delivered: 1, failed: 1, unsubscribed: 0, skipped: 0 },
    ]);
    const rows = await t.query<{ serial: string; status: string; reason: string | null }>(
      sql`select c.serial, s.status, s.reason from channel_sends s join cards c on c.id = s.card_id
          where s.purpose = ${`message:${res.body.data.id}`} and s.channel = 'pass' order by s.card_id`,
    );
    expect(rows.map((r) => [r.serial, r.status, r.reason])).toEqual([
      [twoPhones.card.serial, "sent", null],
      [gone.card.serial, "failed", "unregistered"],
      // No phone, no pass saved on Google: decided, never answered.
      [noPhone.card.serial, "claimed", null],
    ]);

    // The jobs run again, and a stamp's push to the same phone, count nothing more for the message.
    expect(await redeliver(t.query, "apple-pass-push")).toBeGreaterThan(0);
    await t.settle();
    expect((await f.staffScan(p.token, twoPhones.card.serial)).statusCode).toBe(200);
    expect(await figuresOf(p.token, res.body.data.id)).toEqual([
      { channel: "pass", sent: 1, delivered: 1, failed: 1, unsubscribed: 0, skipped: 0 },
    ]);
    expect(await rowsOf(res.body.data.id)).toHaveLength(3);
  });

  it("leaves out the control group's Apple passes: updated without the message", async () => {
    const p = await f.programme();
    const joined = await f.join(p.qr.qr_token);
    await t.query(sql`update businesses set control_group_percent = 20 where id = ${p.business.id}`);
    // This card in the group: the first serial whose bucket is below the percent.
    const serial = Array.from({ length: 100 }, (_, i) => `LC-CTRL-APPLE-${i}`).find((s) => controlBucket(s) < 20)!;
    await t.query(sql`update cards set serial = ${serial} where serial = ${joined.card.serial}`);
    await registerPhone(p.qr.qr_token, joined.secret, serial, `ctrl-${p.business.id}`, pushToken("d4", p.business.id));
    await t.settle();
    const before = apns.requests.length;
    const res = await t.post<SentMessage>(
      "/notification-add",
      { business_id: p.business.id, title: "Held out", message: "Hello", channels: ["pass"] },
      { token: p.token },
    );
    expect(res.statusCode).toBe(201);
    expect(await figuresOf(p.token, res.body.data.id)).toEqual([
      { channel: "pass", sent: 0, delivered: 0, failed: 0, unsubscribed: 0, skipped: 0 },
    ]);
    // Its phone was still told to fetch the pass.
    expect(apns.requests.slice(before).map((r) => r.path)).toEqual([`/3/device/${pushToken("d4", p.business.id)}`]);
  });
});
