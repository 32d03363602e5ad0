import { sql } from "drizzle-orm";
import type { Offer, Voucher } from "../../../contract/offers";
import type { Paginated } from "../../../contract/pagination";
import type { WalletCard } from "../../../contract/wallet";
import { createTestApp, expectError, expectInvalid, type TestApp } from "../helpers/app";
import { kindFixtures } from "../helpers/kinds";
import { redeliver } from "../helpers/jobs";
import { loyaltyFixtures } from "../helpers/loyalty";
import { OFFER_SEND_QUEUE } from "../../src/modules/offers/send-job";

// Offers and their vouchers through the API: adding, the welcome voucher of a join, the card page,
// a manual issue at the scanner, and redeeming once whoever asks and however many at a time.
jest.setTimeout(60_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
let programmeOf: ReturnType<typeof kindFixtures>["programmeOf"];
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
  ({ programmeOf } = kindFixtures(t, f));
});
afterAll(() => t.close());

const addOffer = async (token: string, businessId: number, fields: Record<string, unknown> = {}) => {
  const res = await t.post<Offer>(
    "/offer-add",
    { business_id: businessId, title: "Free pastry", kind: "free_item", trigger: "join", valid_days: 30, ...fields },
    { token },
  );
  if (res.statusCode !== 201) throw new Error(`offer-add failed: ${res.statusCode} ${res.text}`);
  return res.body.data;
};
const walletCard = async (qrToken: string, secret: string) =>
  (await t.get<WalletCard>("/wallet-card", { query: { qr_token: qrToken }, headers: f.cardHeaders([secret]) })).body
    .data;
const redeem = (token: string, body: Record<string, unknown>) => t.post<Voucher>("/voucher-redeem", body, { token });
const voucherRows = (cardSerial: string) =>
  t.query<{ redeemed_at: Date | null; redeemed_by: number | null }>(
    sql`select v.redeemed_at, v.redeemed_by from vouchers v join cards c on c.id = v.card_id where c.serial = ${cardSerial}`,
  );
const offerCount = async () => (await t.query<{ n: number }>(sql`select count(*)::int as n from offers`))[0]!.n;
const balance = async (serial: string) =>
  (await t.query<{ stamps: number }>(sql`select stamps from cards where serial = ${serial}`))[0]!.stamps;

describe("offer-add, offer-list, offer-delete", () => {
  it("adds offers of each kind, lists them with issued and redeemed counts, and retires one", async () => {
    const p = await f.programme();
    await t.query(sql`update businesses set currency = 'EUR' where id = ${p.business.id}`);
    const free = await addOffer(p.token, p.business.id);
    expect(free).toMatchObject({ kind: "free_item", trigger: "join", valid_days: 30, active: true, issued: 0 });
    const off = await addOffer(p.token, p.business.id, {
      title: "€2 off",
      kind: "amount_off",
      amount: "2.50",
      trigger: "manual",
      min_purchase: "10",
    });
    expect(off).toMatchObject({ amount: "2.50", min_purchase: "10.00", points: null, stamps: null });
    const stamps = await addOffer(p.token, p.business.id, {
      title: "Two stamps",
      kind: "stamps",
      stamps: 2,
      trigger: "manual",
    });
    expect(stamps).toMatchObject({ stamps: 2, points: null });
    await f.join(p.qr.qr_token);
    const list = await t.get<Paginated<Offer>>("/offer-list", { token: p.token });
    expect(list.body.data.items.map((o) => [o.title, o.issued])).toEqual([
      ["Two stamps", 0],
      ["€2 off", 0],
      ["Free pastry", 1],
    ]);
    const retired = await t.post("/offer-delete", { id: free.id }, { token: p.token });
    expect(retired.statusCode).toBe(200);
    const after = await t.get<Paginated<Offer>>("/offer-list", { token: p.token });
    expect(after.body.data.items.find((o) => o.id === free.id)).toMatchObject({ active: false, issued: 1 });
    expectError(await t.post("/offer-delete", { id: free.id }, { token: await f.owner() }), 404);
    const staff = await f.staffOf(p.token, `staff-d-${Date.now()}@example.com`);
    expectError(await t.post("/offer-delete", { id: off.id }, { token: staff.token }), 403);
    expectError(
      await t.post(
        "/offer-add",
        { business_id: p.business.id, title: "Staff", kind: "free_item", trigger: "join", valid_days: 1 },
        { token: staff.token },
      ),
      403,
    );
    expect(
      (await t.get<Paginated<Offer>>("/offer-list", { token: p.token })).body.data.items.find((o) => o.id === off.id),
    ).toMatchObject({ active: true });
  });

  it("refuses bad input and a kind the programme does not take, writing nothing", async () => {
    const p = await f.programme();
    const before = await offerCount();
    expectInvalid(await t.post("/offer-add", { business_id: p.business.id, title: "X" }, { token: p.token }), [
      "title",
      "kind",
      "trigger",
      "valid_days",
    ]);
    const base = { business_id: p.business.id, title: "Offer", trigger: "manual", valid_days: 7 };
    expectInvalid(await t.post("/offer-add", { ...base, kind: "percent_off", percent: 101 }, { token: p.token }), [
      "percent",
    ]);
    expectInvalid(await t.post("/offer-add", { ...base, kind: "amount_off" }, { token: p.token }), ["amount"]);
    expectInvalid(await t.post("/offer-add", { ...base, kind: "free_item", points: 3 }, { token: p.token }), [
      "points",
    ]);
    // A stamp card takes stamps, not points; money off fits the currency's decimals.
    const points = await t.post("/offer-add", { ...base, kind: "points", points: 50 }, { token: p.token });
    expectInvalid(points, ["kind"]);
    expect(points.body.code).toBe("offer_kind_not_for_programme");
    expectInvalid(await t.post("/offer-add", { ...base, kind: "amount_off", amount: "2.555" }, { token: p.token }), [
      "amount",
    ]);
    // Another owner's business is not found.
    expectError(await t.post("/offer-add", { ...base, kind: "free_item" }, { token: await f.owner() }), 404);
    expect(await offerCount()).toBe(before);
    // A points programme takes points offers and refuses stamps ones.
    const pts = await programmeOf({ kind: "points", points_per_visit: 1 });
    const ok = await t.post(
      "/offer-add",
      { ...base, business_id: pts.business.id, kind: "points", points: 50 },
      { token: pts.token },
    );
    expect(ok.statusCode).toBe(201);
    expectInvalid(
      await t.post(
        "/offer-add",
        { ...base, business_id: pts.business.id, kind: "stamps", stamps: 1 },
        { token: pts.token },
      ),
      ["kind"],
    );
  });

  it("needs the vouchers feature of a paid plan to add", async () => {
    const owner = await t.createUser({ plan: false });
    const token = await t.tokenFor(owner.id);
    const res = await t.post(
      "/offer-add",
      { business_id: 1, title: "Offer", kind: "free_item", trigger: "join", valid_days: 7 },
      { token },
    );
    expect(res.statusCode).toBe(403);
  });
});

describe("vouchers", () => {
  it("gives each new card its welcome voucher once, shown on the card page with its code and expiry", async () => {
    const p = await f.programme();
    await addOffer(p.token, p.business.id, { title: "Free pastry with your first coffee", valid_days: 14 });
    const joined = await f.join(p.qr.qr_token);
    const card = await walletCard(p.qr.qr_token, joined.secret);
    expect(card!.vouchers).toEqual([
      {
        code: expect.stringMatching(/^V-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/),
        title: "Free pastry with your first coffee",
        expires_at: expect.any(String),
      },
    ]);
    const days = (Date.parse(card!.vouchers![0]!.expires_at) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(14);
    // The code is stored hashed for lookup beside what the card shows; another card gets another code.
    const other = await f.join(p.qr.qr_token);
    const otherCard = await walletCard(p.qr.qr_token, other.secret);
    expect(otherCard!.vouchers![0]!.code).not.toBe(card!.vouchers![0]!.code);
  });

  it("redeems once by owner or staff; a used one is voucher_used and changes nothing more", async () => {
    const p = await f.programme();
    await addOffer(p.token, p.business.id);
    const joined = await f.join(p.qr.qr_token);
    const code = (await walletCard(p.qr.qr_token, joined.secret))!.vouchers![0]!.code;
    const staff = await f.staffOf(p.token, `staff-${Date.now()}@example.com`);
    // Typed at the counter: lower case and without dashes is the same code.
    const res = await redeem(staff.token, { code: code.toLowerCase().replace(/-/g, " ") });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({ code, title: "Free pastry", serial: joined.card.serial });
    expect(res.body.message).toBe("Voucher redeemed: Free pastry.");
    const [row] = await voucherRows(joined.card.serial);
    expect(row!.redeemed_by).not.toBeNull();
    const again = await redeem(p.token, { code });
    expect(again.statusCode).toBe(422);
    expect(again.body.code).toBe("voucher_used");
    expect(await voucherRows(joined.card.serial)).toEqual([row]);
    expect((await walletCard(p.qr.qr_token, joined.secret))!.vouchers).toEqual([]);
  });

  it("answers an unknown code and another owner's code with the same 404", async () => {
    const p = await f.programme();
    await addOffer(p.token, p.business.id);
    const joined = await f.join(p.qr.qr_token);
    const code = (await walletCard(p.qr.qr_token, joined.secret))!.vouchers![0]!.code;
    const stranger = await f.owner();
    const theirs = await redeem(stranger, { code });
    const unknown = await redeem(stranger, { code: "V-0000-0000-0000" });
    expect(theirs.statusCode).toBe(404);
    expect({ ...theirs.body }).toEqual({ ...unknown.body });
    expect((await voucherRows(joined.card.serial))[0]!.redeemed_at).toBeNull();
    expectInvalid(await redeem(p.token, { code: "not a code" }), ["code"]);
  });

  it("refuses an expired voucher with voucher_expired, and a purchase below the minimum, writing nothing", async () => {
    const p = await f.programme();
    await t.query(sql`update businesses set currency = 'EUR' where id = ${p.business.id}`);
    await addOffer(p.token, p.business.id, {
      title: "Big spender",
      kind: "percent_off",
      percent: 10,
      min_purchase: "20",
    });
    await addOffer(p.token, p.business.id, { title: "Soon gone" });
    const joined = await f.join(p.qr.qr_token);
    const vouchers = (await walletCard(p.qr.qr_token, joined.secret))!.vouchers!;
    const big = vouchers.find((v) => v.title === "Big spender")!.code;
    const soon = vouchers.find((v) => v.title === "Soon gone")!.code;
    await t.query(sql`update vouchers set expires_at = now() - interval '1 minute' where code = ${soon}`);
    const expired = await redeem(p.token, { code: soon });
    expect(expired.statusCode).toBe(422);
    expect(expired.body.code).toBe("voucher_expired");
    const none = await redeem(p.token, { code: big });
    expectInvalid(none, ["amount"]);
    expect(none.body.code).toBe("voucher_min_purchase");
    expectInvalid(await redeem(p.token, { code: big, amount: "19.99" }), ["amount"]);
    expectInvalid(await redeem(p.token, { code: big, amount: "19.999" }), ["amount"]);
    expect((await voucherRows(joined.card.serial)).every((r) => r.redeemed_at === null)).toBe(true);
    expect((await redeem(p.token, { code: big, amount: "20" })).statusCode).toBe(200);
  });

  it("issues a manual voucher to the scanned card; a stamps voucher adds its stamps through the engine once", async () => {
    const p = await f.programme();
    const offer = await addOffer(p.token, p.business.id, {
      title: "Two stamps",
      kind: "stamps",
      stamps: 2,
      trigger: "manual",
    });
    const joined = await f.join(p.qr.qr_token);
    expect((await walletCard(p.qr.qr_token, joined.secret))!.vouchers).toEqual([]);
    const staff = await f.staffOf(p.token, `staff-m-${Date.now()}@example.com`);
    const issued = await t.post<Voucher>(
      "/voucher-issue",
      { offer_id: offer.id, serial: joined.card.serial },
      { token: staff.token },
    );
    expect(issued.statusCode).toBe(201);
    const stampsBefore = await balance(joined.card.serial);
    expect((await redeem(staff.token, { code: issued.body.data.code })).statusCode).toBe(200);
    expect(await balance(joined.card.serial)).toBe(stampsBefore + 2);
    const [history] = await t.query<{ kind: string; delta: number; reason: string }>(
      sql`select e.kind, e.delta, e.reason from card_events e join cards c on c.id = e.card_id
          where c.serial = ${joined.card.serial} order by e.id desc limit 1`,
    );
    expect(history).toEqual({ kind: "adjust", delta: 2, reason: `Two stamps (${issued.body.data.code})` });
    expect((await redeem(staff.token, { code: issued.body.data.code })).body.code).toBe("voucher_used");
    expect(await balance(joined.card.serial)).toBe(stampsBefore + 2);
    // Another owner's card, or a retired offer: refused, nothing issued.
    const other = await f.programme();
    const stranger = await f.join(other.qr.qr_token);
    expectError(
      await t.post("/voucher-issue", { offer_id: offer.id, serial: stranger.card.serial }, { token: p.token }),
      404,
    );
    expectError(
      await t.post("/voucher-issue", { offer_id: offer.id, serial: joined.card.serial }, { token: other.token }),
      404,
    );
    await t.post("/offer-delete", { id: offer.id }, { token: p.token });
    const retired = await t.post(
      "/voucher-issue",
      { offer_id: offer.id, serial: joined.card.serial },
      { token: p.token },
    );
    expect(retired.body.code).toBe("offer_retired");
    expect(await voucherRows(joined.card.serial)).toHaveLength(1);
  });

  it("redeems a voucher once under 20 concurrent redeems", async () => {
    const p = await f.programme();
    const offer = await addOffer(p.token, p.business.id, {
      title: "One stamp",
      kind: "stamps",
      stamps: 1,
      trigger: "manual",
    });
    const joined = await f.join(p.qr.qr_token);
    const issued = await t.post<Voucher>(
      "/voucher-issue",
      { offer_id: offer.id, serial: joined.card.serial },
      { token: p.token },
    );
    const before = await balance(joined.card.serial);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => redeem(p.token, { code: issued.body.data.code })),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 422).map((a) => a.body.code)).toEqual(Array(19).fill("voucher_used"));
    expect(await balance(joined.card.serial)).toBe(before + 1);
  });
});

describe("offer-send and the has_voucher segment", () => {
  it("queues a campaign offer's voucher for each card of the segment and issues it once, however often it is sent or run", async () => {
    const p = await f.programme();
    const campaign = await addOffer(p.token, p.business.id, { title: "Autumn treat", trigger: "campaign" });
    const a = await f.join(p.qr.qr_token);
    const b = await f.join(p.qr.qr_token);
    const holders = async () =>
      (
        await t.get<{ count: number }>("/segment-count", {
          token: p.token,
          query: { business_id: String(p.business.id), segment: "has_voucher" },
        })
      ).body.data.count;
    expect(await holders()).toBe(0);
    const sent = await t.post<{ queued: number }>(
      "/offer-send",
      { offer_id: campaign.id, segment: "all" },
      { token: p.token },
    );
    expect(sent.statusCode).toBe(200);
    expect(sent.body.data).toEqual({ queued: 2 });
    // Answered before any voucher is issued: the jobs issue them.
    expect(await voucherRows(a.card.serial)).toHaveLength(0);
    await t.settle();
    // Sent again, the same cards are queued and get nothing more; delivered again, a job issues nothing.
    expect(
      (await t.post<{ queued: number }>("/offer-send", { offer_id: campaign.id, segment: "all" }, { token: p.token }))
        .body.data,
    ).toEqual({ queued: 2 });
    expect(await redeliver(t.query, OFFER_SEND_QUEUE)).toBeGreaterThan(0);
    await t.settle();
    expect(await voucherRows(a.card.serial)).toHaveLength(1);
    expect(await voucherRows(b.card.serial)).toHaveLength(1);
    expect(await holders()).toBe(2);
    const code = (await walletCard(p.qr.qr_token, a.secret))!.vouchers![0]!.code;
    await redeem(p.token, { code });
    expect(await holders()).toBe(1);
    // Only campaign offers go to a segment; another owner's offer is not found.
    const welcome = await addOffer(p.token, p.business.id);
    expect((await t.post("/offer-send", { offer_id: welcome.id, segment: "all" }, { token: p.token })).body.code).toBe(
      "offer_not_campaign",
    );
    expectError(
      await t.post("/offer-send", { offer_id: campaign.id, segment: "all" }, { token: await f.owner() }),
      404,
    );
    expectInvalid(await t.post("/offer-send", { offer_id: campaign.id, segment: "inactive" }, { token: p.token }), [
      "days",
    ]);
  });
});
