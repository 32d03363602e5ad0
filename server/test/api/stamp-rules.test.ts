import { sql } from "drizzle-orm";
import type { NotificationList } from "../../../contract/notifications";
import type { CounterCode, QrCode } from "../../../contract/qr-codes";
import type { Reward } from "../../../contract/rewards";
import { CARD_SECRETS_HEADER, type ScanResult, type WalletCard, type WalletJoinResult } from "../../../contract/wallet";
import { codeOf, createTestApp, expectError, expectInvalid, type TestApp } from "../helpers/app";
import { BUSINESS_FIELDS, multipart } from "../helpers/dashboard";
import { loyaltyFixtures } from "../helpers/loyalty";
import { counterCode, windowAt } from "../../src/modules/loyalty/cards/counter-code";

// The rules of a customer's own scan: which reward's cooldown counts, and when nothing may stamp
// (the attack on the product found a way around the cooldown).
jest.setTimeout(30_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

const stampsOf = async (serial: string) =>
  Number((await t.query<{ stamps: number }>(sql`select stamps from cards where serial = ${serial}`))[0]!.stamps);

const scanCount = async () => Number((await t.query<{ n: number }>(sql`select count(*)::int as n from scans`))[0]!.n);

describe("the cooldown is the card's reward's", () => {
  it("a second code on a 0-minute reward does not stamp a 60-minute card again", async () => {
    const { token, business, qr } = await f.programme({ cooldown_minutes: 60, title: "Free coffee" });
    const quick = await f.addReward(token, business.id, { cooldown_minutes: 0, title: "Free cookie" });
    const second = await f.generateQr(token, business.id, { reward_id: quick.id, label: "Door" });
    const joined = await f.join(qr.qr_token);
    for (let i = 0; i < 5; i++) {
      const res = await f.selfScan(second.qr_token, [joined.secret]);
      expect(res.statusCode).toBe(200);
      expect(res.body.data).toMatchObject({ action: "wait", stamps: 1, reward_title: "Free coffee" });
    }
    expect(await stampsOf(joined.card.serial)).toBe(1);
    // Once the card's own cooldown has passed, that code stamps the card once, for the card's reward.
    await t.query(
      sql`update cards set last_self_stamp_at = now() - interval '61 minutes', stamp_day = stamp_day - 1 where serial = ${joined.card.serial}`,
    );
    expect((await f.selfScan(second.qr_token, [joined.secret])).body.data).toMatchObject({
      action: "stamp",
      stamps: 2,
      stamps_required: 5,
      reward_title: "Free coffee",
    });
    expect((await f.selfScan(second.qr_token, [joined.secret])).body.data.action).toBe("wait");
    // The card page shows the card's reward and when its next stamp is possible.
    const card = await t.get<{ reward_title: string; next_stamp_at: string }>("/wallet-card", {
      query: { qr_token: second.qr_token },
      headers: f.cardHeaders([joined.secret]),
    });
    expect(card.body.data.reward_title).toBe("Free coffee");
    expect(Date.parse(card.body.data.next_stamp_at) - Date.now()).toBeGreaterThan(59 * 60_000);
  });

  it("with the business's reward removed, a self-scan is refused like a join and writes nothing", async () => {
    const { token, reward, qr } = await f.programme({ cooldown_minutes: 0 });
    const joined = await f.join(qr.qr_token);
    await t.post("/remove-reward", { id: reward.id }, { token });
    const scansBefore = await scanCount();
    for (let i = 0; i < 3; i++) {
      const res = await f.selfScan(qr.qr_token, [joined.secret]);
      expectInvalid(res, ["code"]);
      expect(res.body.message).toBe("This business has no stamp card running at the moment.");
    }
    expect(await stampsOf(joined.card.serial)).toBe(1);
    expect(await scanCount()).toBe(scansBefore);
    // The next programme starts from the stamps the card really earned.
    await f.addReward(
      token,
      (
        await t.query<{ business_id: number }>(sql`select business_id from cards where serial = ${joined.card.serial}`)
      )[0]!.business_id,
      { cooldown_minutes: 0, daily_cap: 0, title: "Free tea" },
    );
    expect((await f.selfScan(qr.qr_token, [joined.secret])).body.data).toMatchObject({
      action: "stamp",
      stamps: 2,
      reward_title: "Free tea",
    });
  });

  it("a staff scan writes its stamp or redeem with the scan and history rows, and a refused one nothing", async () => {
    const { token, reward, qr } = await f.programme({ stamps_required: 2 });
    const joined = await f.join(qr.qr_token);
    const rows = async () => ({
      card: (
        await t.query<{ stamps: number; lifetime_stamps: number; rewards_redeemed: number }>(
          sql`select stamps, lifetime_stamps, rewards_redeemed from cards where serial = ${joined.card.serial}`,
        )
      )[0],
      scans: await t.query<{ kind: string; stamps_after: number }>(
        sql`select s.kind, s.stamps_after from scans s join cards c on c.id = s.card_id
          where c.serial = ${joined.card.serial} order by s.id`,
      ),
      history: await t.query<{ kind: string; delta: number; stamps_after: number }>(
        sql`select e.kind, e.delta, e.stamps_after from card_events e join cards c on c.id = e.card_id
          where c.serial = ${joined.card.serial} order by e.id`,
      ),
    });
    expect((await f.staffScan(token, joined.card.serial)).body.data).toMatchObject({ action: "stamp", stamps: 2 });
    expect((await f.staffScan(token, joined.card.serial)).body.data).toMatchObject({ action: "redeem", stamps: 0 });
    const written = await rows();
    expect(written).toEqual({
      card: { stamps: 0, lifetime_stamps: 2, rewards_redeemed: 1 },
      scans: [
        { kind: "join", stamps_after: 1 },
        { kind: "stamp", stamps_after: 2 },
        { kind: "redeem", stamps_after: 0 },
      ],
      history: [
        { kind: "join", delta: 1, stamps_after: 1 },
        { kind: "stamp", delta: 1, stamps_after: 2 },
        { kind: "redeem", delta: -2, stamps_after: 0 },
      ],
    });
    await t.post("/remove-reward", { id: reward.id }, { token });
    expectInvalid(await f.staffScan(token, joined.card.serial), ["code"]);
    expect(await rows()).toEqual(written);
  });

  it("with the business's reward removed, a staff scan is refused too and writes nothing", async () => {
    const { token, business, reward, qr } = await f.programme({ stamps_required: 3 });
    const joined = await f.join(qr.qr_token);
    expect((await f.staffScan(token, joined.card.serial)).body.data.action).toBe("stamp");
    await t.post("/remove-reward", { id: reward.id }, { token });
    const scansBefore = await scanCount();
    const historyBefore = await t.query<{ n: number }>(sql`select count(*)::int as n from card_events`);
    for (let i = 0; i < 2; i++) {
      const res = await f.staffScan(token, joined.card.serial);
      expectInvalid(res, ["code"]);
      expect(res.body.message).toBe("This business has no stamp card running at the moment.");
    }
    expect(await stampsOf(joined.card.serial)).toBe(2);
    expect(await scanCount()).toBe(scansBefore);
    expect(await t.query<{ n: number }>(sql`select count(*)::int as n from card_events`)).toEqual(historyBefore);
    await t.settle();
    // A card of another owner is still "not one of yours", not this message.
    expectError(
      await f.staffScan(await f.owner(), joined.card.serial),
      404,
      "This card is not one of your business's cards.",
    );
    // The next programme: staff stamp again, from the stamps the card really earned.
    await f.addReward(token, business.id, { title: "Free tea", stamps_required: 4 });
    expect((await f.staffScan(token, joined.card.serial)).body.data).toMatchObject({
      action: "stamp",
      stamps: 3,
      reward_title: "Free tea",
    });
  });
});

const EXPIRED = "This code has expired: scan the code on the counter screen again";

/** An owner with a rotating QR code (no cooldown, no cap: only the code's rules apply). */
async function rotating(rewardFields: Record<string, unknown> = {}) {
  const { token, business, reward, qr } = await f.programme({ cooldown_minutes: 0, daily_cap: 0, ...rewardFields });
  const res = await t.post<QrCode>("/qr-mode-update", { qr_id: qr.id, mode: "rotating" }, { token });
  expect(res.body.data.mode).toBe("rotating");
  const secret = (await t.query<{ s: string }>(sql`select counter_secret as s from qr_codes where id = ${qr.id}`))[0]!
    .s;
  const code = async () =>
    (await t.get<CounterCode>("/counter-code", { token, query: { qr_id: String(qr.id) } })).body.data;
  return { token, business, reward, qr, secret, code };
}

describe("rotating codes", () => {
  it("generate-qr makes a static code by default, a rotating one on request; counter-code answers its URL", async () => {
    const { token, business } = await f.programme();
    expect((await f.generateQr(token, business.id)).mode).toBe("static");
    const qr = await f.generateQr(token, business.id, { mode: "rotating", label: "Screen" });
    expect(qr.mode).toBe("rotating");
    expect(JSON.stringify(qr)).not.toMatch(/secret/i);
    const res = await t.get<CounterCode>("/counter-code", { token, query: { qr_id: String(qr.id) } });
    const { code, url, expires_at } = res.body.data;
    expect(code).toMatch(/^[A-Za-z0-9_-]{10}$/);
    expect(url).toBe(`http://localhost:3000/add-to-wallet?qr_token=${qr.qr_token}&code=${code}`);
    const left = Date.parse(expires_at!) - Date.now();
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(30_000);
    // Staff of the owner see it; another owner does not; signed out is 401.
    const staff = await f.staffOf(token, `staff-${Date.now()}@example.com`);
    expect((await t.get("/counter-code", { token: staff.token, query: { qr_id: String(qr.id) } })).statusCode).toBe(
      200,
    );
    expectError(await t.get("/counter-code", { token: await f.owner(), query: { qr_id: String(qr.id) } }), 404);
    expectError(await t.get("/counter-code", { query: { qr_id: String(qr.id) } }), 401);
    expectInvalid(await t.get("/counter-code", { token, query: { qr_id: "x" } }), ["qr_id"]);
    expectInvalid(await t.post("/generate-qr", { business_id: business.id, label: "X", mode: "spinning" }, { token }), [
      "mode",
    ]);
  });

  it("stamps only with the current or previous window's code; older, missing or wrong codes are refused", async () => {
    const { qr, secret, code } = await rotating();
    const now = windowAt(Date.now());
    // Joining needs the code too.
    const join = { qr_token: qr.qr_token, name: "Ann", email: `ann-${Date.now()}@example.com`, consent: true };
    for (const bad of [undefined, counterCode(secret, now - 2), "AAAAAAAAAA"]) {
      const res = await t.post("/wallet-join", { ...join, code: bad });
      expectInvalid(res, ["code"]);
      expect(res.body.message).toBe(EXPIRED);
    }
    // The previous window's code still joins (a scan at the turn of the window).
    const first = await f.join(qr.qr_token, { code: counterCode(secret, windowAt(Date.now()) - 1) });
    const scan = (counter?: string, raw = qr.qr_token) =>
      t.post<ScanResult>(
        "/qr-code-scanner",
        { code: raw, counter_code: counter },
        { headers: { [CARD_SECRETS_HEADER]: first.secret } },
      );
    for (const bad of [undefined, counterCode(secret, now - 2), counterCode(secret, now + 5), "nope"]) {
      const res = await scan(bad);
      expectInvalid(res, ["code"]);
      expect(res.body.message).toBe(EXPIRED);
    }
    // Nothing written by the refusals.
    expect(await stampsOf(first.card.serial)).toBe(1);
    // The current code stamps once per card; the same code (or an older one) again waits.
    const current = (await code()).code!;
    expect((await scan(current)).body.data).toMatchObject({ action: "stamp", stamps: 2 });
    expect((await scan(current)).body.data).toMatchObject({ action: "wait", stamps: 2 });
    expect((await scan(counterCode(secret, windowAt(Date.now()) - 1))).body.data.action).toBe("wait");
    // The camera scanner reads the code from the URL (as if the card's last code were minutes old).
    await t.query(
      sql`update cards set last_counter_window = last_counter_window - 10 where serial = ${first.card.serial}`,
    );
    const { url } = await code();
    expect((await scan(undefined, url)).body.data).toMatchObject({ action: "stamp", stamps: 3 });
    expect((await scan(undefined, url)).body.data.action).toBe("wait");
    // qr-detail says whether a code is current (the card page shows the friendly expired page).
    const detail = async (c?: string) =>
      (
        await t.get<{ code_ok: boolean; mode: string }>("/qr-detail", {
          query: { qr_token: qr.qr_token, ...(c ? { code: c } : {}) },
        })
      ).body.data;
    expect(await detail()).toMatchObject({ mode: "rotating", code_ok: false });
    expect(await detail(counterCode(secret, now - 2))).toMatchObject({ code_ok: false });
    expect(await detail((await code()).code!)).toMatchObject({ code_ok: true });
  });

  it("a static code needs no code; switching back to static and regenerating are the owner's only", async () => {
    const { token, qr } = await rotating();
    const staff = await f.staffOf(token, `staff-${Date.now()}@example.com`);
    expectError(await t.post("/qr-mode-update", { qr_id: qr.id, mode: "static" }, { token: staff.token }), 403);
    expectError(await t.post("/qr-mode-update", { qr_id: qr.id, mode: "static" }, { token: await f.owner() }), 404);
    expectError(await t.post("/qr-regenerate", { qr_id: qr.id }, { token: await f.owner() }), 404);
    expectError(await t.post("/qr-regenerate", { qr_id: qr.id }, { token: staff.token }), 403);
    await t.post("/qr-mode-update", { qr_id: qr.id, mode: "static" }, { token });
    const joined = await f.join(qr.qr_token);
    expect(joined.card.stamps).toBe(1);
    expect(
      (await t.get<CounterCode>("/counter-code", { token, query: { qr_id: String(qr.id) } })).body.data,
    ).toMatchObject({
      code: null,
      mode: "static",
      url: qr.url,
    });
  });

  it("qr-regenerate gives a new token to the same code; the old one stops at once", async () => {
    const { token, qr, reward } = await f.programme({ cooldown_minutes: 0, daily_cap: 0 });
    const joined = await f.join(qr.qr_token);
    const res = await t.post<QrCode>("/qr-regenerate", { qr_id: qr.id }, { token });
    expect(res.statusCode).toBe(200);
    const fresh = res.body.data;
    expect(fresh).toMatchObject({ id: qr.id, label: qr.label, reward_id: reward.id, mode: "static" });
    expect(fresh.qr_token).not.toBe(qr.qr_token);
    expect(fresh.url).toContain(fresh.qr_token);
    expectError(await t.get("/qr-detail", { query: { qr_token: qr.qr_token } }), 404);
    expectError(await f.selfScan(qr.qr_token, [joined.secret]), 404);
    // The card goes on with the new code.
    expect((await f.selfScan(fresh.qr_token, [joined.secret])).body.data).toMatchObject({ action: "stamp", stamps: 2 });
  });
});

describe("the daily cap", () => {
  it("is 1 by default, editable, and past it the card says when the next stamp is possible", async () => {
    const { token, business, reward, qr } = await f.programme({ cooldown_minutes: 0 });
    expect(reward.daily_cap).toBe(1);
    expectInvalid(
      await t.post(
        "/add-reward",
        { id: reward.id, business_id: business.id, title: "X", stamps_required: 5, daily_cap: -1 },
        { token },
      ),
      ["daily_cap"],
    );
    const edited = await t.post<Reward>(
      "/add-reward",
      {
        id: reward.id,
        business_id: business.id,
        title: "Free coffee",
        stamps_required: 5,
        cooldown_minutes: 0,
        daily_cap: 2,
      },
      { token },
    );
    expect(edited.body.data.daily_cap).toBe(2);
    const joined = await f.join(qr.qr_token); // the join is today's first self-scan
    expect((await f.selfScan(qr.qr_token, [joined.secret])).body.data).toMatchObject({ action: "stamp", stamps: 2 });
    const before = await scanCount();
    const capped = await f.selfScan(qr.qr_token, [joined.secret]);
    expect(capped.body.data).toMatchObject({ action: "wait", stamps: 2 });
    // Tomorrow, at the start of the business's day (UTC until businesses have a time zone).
    const tomorrow = new Date();
    tomorrow.setUTCHours(24, 0, 0, 0);
    expect(capped.body.data.next_stamp_at).toBe(tomorrow.toISOString());
    expect(await scanCount()).toBe(before);
    const card = await t.get<{ next_stamp_at: string }>("/wallet-card", {
      query: { qr_token: qr.qr_token },
      headers: f.cardHeaders([joined.secret]),
    });
    expect(card.body.data.next_stamp_at).toBe(tomorrow.toISOString());
    // Staff stamps are not capped.
    expect((await f.staffScan(token, joined.card.serial)).body.data).toMatchObject({ action: "stamp", stamps: 3 });
    // The next day the customer stamps again.
    await t.query(sql`update cards set stamp_day = stamp_day - 1 where serial = ${joined.card.serial}`);
    expect((await f.selfScan(qr.qr_token, [joined.secret])).body.data).toMatchObject({ action: "stamp", stamps: 4 });
  });

  it("the join and recovery answers say when the next stamp is possible as the card page does", async () => {
    // No cooldown, 1 self-scan a day: only the daily cap says "tomorrow".
    const { token, business, qr } = await f.programme({ cooldown_minutes: 0, title: "Free coffee" });
    const tomorrow = new Date();
    tomorrow.setUTCHours(24, 0, 0, 0);
    const email = `cap-${Date.now()}@example.com`;
    const joined = await f.join(qr.qr_token, { email });
    expect(joined.card.next_stamp_at).toBe(tomorrow.toISOString());
    const page = async (secret: string) =>
      (
        await t.get<WalletCard>("/wallet-card", {
          query: { qr_token: qr.qr_token },
          headers: f.cardHeaders([secret]),
        })
      ).body.data;
    expect((await page(joined.secret)).next_stamp_at).toBe(joined.card.next_stamp_at);

    // Recovered through another code whose reward has neither wait nor cap: the card's own rules.
    const quick = await f.addReward(token, business.id, { cooldown_minutes: 0, daily_cap: 0, title: "Free cookie" });
    const door = await f.generateQr(token, business.id, { reward_id: quick.id, label: "Door" });
    expect((await t.post("/wallet-recover", { qr_token: door.qr_token, email })).statusCode).toBe(200);
    const code = codeOf((await t.mailsTo(email)).at(-1)!);
    const recovered = await t.post<WalletJoinResult>("/wallet-recover", { qr_token: door.qr_token, email, code });
    expect(recovered.statusCode).toBe(200);
    expect(recovered.body.data.card).toMatchObject({
      reward_title: "Free coffee",
      next_stamp_at: tomorrow.toISOString(),
    });
    const view = await page(recovered.body.data.card_secret!);
    expect({ ...recovered.body.data.card, wallet_links: null }).toEqual({
      ...view,
      wallet_links: null,
      messages: undefined,
      birthday: undefined,
      // Only the card page's answer says where the card is from (a page opened without a QR code).
      place: undefined,
      // and gives the card's referral link,
      referral_url: undefined,
      // and today's happy hours, its unused vouchers, its level and the link to its message preferences.
      promotions_today: undefined,
      vouchers: undefined,
      level: undefined,
      level_text: undefined,
      preferences_url: undefined,
    });
  });
});

describe("fraud alerts", () => {
  const alerts = async (token: string) =>
    (await t.get<NotificationList>("/notification-list", { token })).body.data.notificationData.filter(
      (n) => n.kind === "fraud_alert",
    );

  it("the sixth staff stamp of a day raises exactly one alert and flags the card", async () => {
    const { token, qr } = await f.programme({ stamps_required: 50 });
    const joined = await f.join(qr.qr_token);
    // Start a fresh day for the card: today's stamps are the staff's.
    await t.query(sql`update cards set stamp_day = stamp_day - 1 where serial = ${joined.card.serial}`);
    const staff = await f.staffOf(token, `staff-${Date.now()}@example.com`);
    for (let i = 0; i < 5; i++) await f.staffScan(staff.token, joined.card.serial);
    await t.settle();
    expect(await alerts(token)).toHaveLength(0);
    await f.staffScan(staff.token, joined.card.serial);
    for (let i = 0; i < 3; i++) await f.staffScan(token, joined.card.serial);
    await t.settle();
    const raised = await alerts(token);
    expect(raised).toHaveLength(1);
    expect(raised[0]!.text).toContain("More than 5 stamps on this card today.");
    const [card] = await t.query<{ flagged_at: Date | null; flag_reason: string }>(
      sql`select flagged_at, flag_reason from cards where serial = ${joined.card.serial}`,
    );
    expect(card!.flagged_at).not.toBeNull();
    expect(card!.flag_reason).toBe("More than 5 stamps on this card today.");
    const flags = await t.query(
      sql`select * from card_events e join cards c on c.id = e.card_id where c.serial = ${joined.card.serial} and e.kind = 'flag'`,
    );
    expect(flags).toHaveLength(1);
    // Another day, another alert.
    await t.query(sql`update cards set stamp_day = stamp_day - 1 where serial = ${joined.card.serial}`);
    for (let i = 0; i < 6; i++) await f.staffScan(token, joined.card.serial);
    await t.settle();
    expect(await alerts(token)).toHaveLength(1);
    await t.query(
      sql`update cards set stamp_day = stamp_day - 1, alert_day = alert_day - 1 where serial = ${joined.card.serial}`,
    );
    for (let i = 0; i < 6; i++) await f.staffScan(token, joined.card.serial);
    await t.settle();
    expect(await alerts(token)).toHaveLength(2);
  });

  it("the threshold is the business's own setting", async () => {
    const token = await f.owner();
    expectInvalid(
      await t.post("/add-business", undefined, {
        token,
        ...(await multipart({ ...BUSINESS_FIELDS, fraud_threshold: "0" })),
      }),
      ["fraud_threshold"],
    );
    const business = await f.addBusiness(token, { fraud_threshold: "2" });
    expect(business.fraud_threshold).toBe(2);
    await f.addReward(token, business.id, { stamps_required: 50 });
    const qr = await f.generateQr(token, business.id);
    const joined = await f.join(qr.qr_token); // stamp 1 today
    await f.staffScan(token, joined.card.serial); // 2
    await t.settle();
    expect(await alerts(token)).toHaveLength(0);
    await f.staffScan(token, joined.card.serial); // 3: more than 2
    await t.settle();
    expect((await alerts(token))[0]!.text).toContain("More than 2 stamps on this card today.");
  });

  it("self-scans count toward the threshold too", async () => {
    const { token, qr } = await f.programme({ stamps_required: 50, cooldown_minutes: 0, daily_cap: 0 });
    const joined = await f.join(qr.qr_token);
    for (let i = 0; i < 4; i++) await f.selfScan(qr.qr_token, [joined.secret]);
    await t.settle();
    expect(await alerts(token)).toHaveLength(0);
    await f.selfScan(qr.qr_token, [joined.secret]); // the sixth of the day, join included
    await t.settle();
    expect(await alerts(token)).toHaveLength(1);
  });

  it("more than 3 joins from one device in 10 minutes flag the fourth card, whatever its address", async () => {
    const { token, qr } = await f.programme();
    // The device's card cookie, newest first: its oldest key (the first card's) names the device.
    const held: string[] = [];
    const join = async (n: number) => {
      const res = await t.post<WalletJoinResult>(
        "/wallet-join",
        { qr_token: qr.qr_token, name: `C ${n}`, email: `c${n}-${Date.now()}@example.com`, consent: true },
        { ip: `10.99.0.${n + 1}`, headers: held.length ? { [CARD_SECRETS_HEADER]: held.join(",") } : {} },
      );
      expect(res.statusCode).toBe(201);
      held.unshift(res.body.data.card_secret!);
    };
    for (let n = 0; n < 3; n++) await join(n);
    await t.settle();
    expect(await alerts(token)).toHaveLength(0);
    await join(3);
    await t.settle();
    const raised = await alerts(token);
    expect(raised).toHaveLength(1);
    expect(raised[0]!.text).toContain("4 cards joined from one device in 10 minutes.");
  });
});
