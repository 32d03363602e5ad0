import { sql } from "drizzle-orm";
import type { NewApiKey } from "../../../contract/api-keys";
import type { CardSummary } from "../../../contract/cards";
import type { Reward } from "../../../contract/rewards";
import type { ScanResult } from "../../../contract/wallet";
import { createTestApp, expectError, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";
import { v1Client } from "../helpers/v1-client";
import { seedDemoBakery } from "../../src/seed/demo-bakery";
import { seedDemoCafe } from "../../src/seed/demo-cafe";
import { seedDemoNails } from "../../src/seed/demo-nails";

// Prepaid visits (multipass): a programme kind of its own through the one engine. Staff sell
// visits at the counter (card-topup); a staff scan, a till order or a /v1 earn uses one; a
// self-scan none; at zero the scanner refuses and writes nothing.
jest.setTimeout(60_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

/** An owner (Business Annual unless `plan`) with a business, a 10-visit pass programme and its QR code. */
async function pass(plan?: string) {
  const owner = await t.createUser(plan ? { plan } : {});
  const token = await t.tokenFor(owner.id);
  const business = await f.addBusiness(token);
  const res = await t.post<Reward>(
    "/add-reward",
    { business_id: business.id, title: "10 manicures", kind: "multipass", visits_included: 10, cooldown_minutes: 0 },
    { token },
  );
  return { owner, token, business, res };
}

async function world() {
  const { owner, token, business, res } = await pass();
  expect(res.statusCode).toBe(201);
  const reward = res.body.data;
  const qr = await f.generateQr(token, business.id, { reward_id: reward.id });
  const { card, secret } = await f.join(qr.qr_token);
  return { owner, token, business, reward, qr, card, secret };
}

const topup = (token: string, serial: string, visits: number, key?: string) =>
  t.post<CardSummary>("/card-topup", { serial, visits }, { token, headers: key ? { "idempotency-key": key } : {} });

const card = async (serial: string) =>
  (
    await t.query<{ stamps: number; events: number; scans: number }>(
      sql`select c.stamps,
            (select count(*)::int from card_events e where e.card_id = c.id) as events,
            (select count(*)::int from scans s where s.card_id = c.id) as scans
          from cards c where c.serial = ${serial}`,
    )
  )[0]!;

describe("a multipass programme", () => {
  it("is a kind of its own: add-reward answers its visits included, and a new card holds no visits", async () => {
    const { reward, card: joined } = await world();
    expect(reward).toMatchObject({ kind: "multipass", visits_included: 10 });
    expect(await card(joined.serial)).toMatchObject({ stamps: 0 });
  });

  it("needs the Growth plan: a Starter owner is refused, with nothing written", async () => {
    const { owner, res } = await pass("Starter");
    expectError(res, 403);
    expect(res.body.code).toBe("plan_feature_missing");
    const [row] = await t.query<{ n: number }>(sql`select count(*)::int as n from rewards where user_id = ${owner.id}`);
    expect(row!.n).toBe(0);
  });

  it("requires its visits included", async () => {
    const owner = await t.createUser();
    const token = await t.tokenFor(owner.id);
    const business = await f.addBusiness(token);
    const res = await t.post("/add-reward", { business_id: business.id, title: "Pass", kind: "multipass" }, { token });
    expect(res.statusCode).toBe(422);
    expect(res.body.errors).toHaveProperty("visits_included");
  });
});

describe("card-topup and the scanner", () => {
  it("staff sell 10 visits (who and when in the history); a staff scan uses one: 9 of 10 visits left", async () => {
    const { owner, card: joined } = await world();
    const staff = await t.createUser({ role: "staff", ownerId: owner.id, name: "Sam" });
    const staffToken = await t.tokenFor(staff.id);

    const sold = await topup(staffToken, joined.serial, 10);
    expect(sold.statusCode).toBe(200);
    expect(sold.body.message).toBe("10 visits added: 10 of 10 visits left.");
    expect(sold.body.data).toMatchObject({ stamps: 10, kind: "multipass", balance_text: "10 of 10 visits left" });
    const [event] = await t.query<{ kind: string; delta: number; actor_user_id: number; actor: string; at: Date }>(
      sql`select e.kind, e.delta, e.actor_user_id, e.actor, e.created_at as at from card_events e
          join cards c on c.id = e.card_id where c.serial = ${joined.serial} order by e.id desc limit 1`,
    );
    expect(event).toMatchObject({ kind: "topup", delta: 10, actor_user_id: staff.id, actor: "staff" });
    expect(new Date(event!.at).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const scanned = await f.staffScan(staffToken, joined.serial);
    expect(scanned.statusCode).toBe(200);
    expect(scanned.body.message).toBe("Visit used: 9 of 10 visits left.");
    expect(scanned.body.data).toMatchObject({ stamps: 9, balance_text: "9 of 10 visits left", reward_ready: false });
  });

  it("a self-scan uses no visit", async () => {
    const { token, qr, card: joined, secret } = await world();
    await topup(token, joined.serial, 3);
    const res = await f.selfScan(qr.qr_token, [secret]);
    expect(res.statusCode).toBe(200);
    expect(await card(joined.serial)).toMatchObject({ stamps: 3 });
  });

  it("at zero the scanner refuses with no_visits_left and writes nothing", async () => {
    const { token, card: joined } = await world();
    const before = await card(joined.serial);
    const res = await f.staffScan(token, joined.serial);
    expectError(res, 422, "This pass has no visits left. Sell visits first.");
    expect(res.body.code).toBe("no_visits_left");
    expect(await card(joined.serial)).toEqual(before);
  });

  it("sells once per Idempotency-Key: a retried sale adds nothing more", async () => {
    const { token, card: joined } = await world();
    const first = await topup(token, joined.serial, 5, "sale-1");
    const again = await topup(token, joined.serial, 5, "sale-1");
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(await card(joined.serial)).toMatchObject({ stamps: 5 });
    expect((await topup(token, joined.serial, 5, "sale-2")).body.data.stamps).toBe(10);
  });

  it("sells visits only for a pass: a stamp card answers not_a_pass; another owner's card is a 404", async () => {
    const stampsProgramme = await f.programme();
    const { card: stampCard } = await f.join(stampsProgramme.qr.qr_token);
    const refused = await topup(stampsProgramme.token, stampCard.serial, 2);
    expectError(refused, 422);
    expect(refused.body.code).toBe("not_a_pass");

    const { card: joined } = await world();
    const other = await world();
    expectError(await topup(other.token, joined.serial, 2), 404);
    expect(await card(joined.serial)).toMatchObject({ stamps: 0 });
  });

  it("refuses bad visits with a 422", async () => {
    const { token, card: joined } = await world();
    for (const visits of [0, -1, 1.5, 101, "x"]) {
      expect((await topup(token, joined.serial, visits as number)).statusCode).toBe(422);
    }
    expect(await card(joined.serial)).toMatchObject({ stamps: 0 });
  });

  it("a /v1 earn uses one visit; at zero it is refused with no_visits_left", async () => {
    const { token, card: joined } = await world();
    const keyRes = await t.post<NewApiKey>(
      "/api/api-key-add",
      { name: "Salon", scopes: ["cards:read", "cards:write"] },
      { token },
    );
    const api = v1Client(t.app, keyRes.body.data.key);
    const path = { serial: joined.serial };
    await topup(token, joined.serial, 1);
    const used = await api.POST("/cards/{serial}/earn", { params: { path }, body: { order_id: "V-1", stamps: 1 } });
    expect(used.error).toBeUndefined();
    expect(used.response.status).toBe(200);
    expect(used.data).toMatchObject({ card: { balance: 0 } });
    const refused = await api.POST("/cards/{serial}/earn", { params: { path }, body: { order_id: "V-2", stamps: 1 } });
    expect(refused.response.status).toBe(422);
    expect(refused.error).toMatchObject({ code: "no_visits_left" });
  });

  it("the card page and the scan answer say the visits left", async () => {
    const { token, card: joined } = await world();
    await topup(token, joined.serial, 7);
    const scanned = await t.post<ScanResult>("/qr-code-scanner", { code: joined.serial }, { token });
    expect(scanned.body.data.balance_text).toBe("6 of 10 visits left");
  });
});

describe("Demo Nails", () => {
  it("seeds a salon with a 10-visit pass for the demo owner, once", async () => {
    const owner = await t.createUser({ plan: "Growth" });
    await seedDemoCafe(t.database.db, owner.id);
    await seedDemoBakery(t.database.db, owner.id);
    expect(await seedDemoNails(t.database.db, owner.id)).toMatchObject({ created: true });
    expect(await seedDemoNails(t.database.db, owner.id)).toEqual({ created: false });
    const token = await t.tokenFor(owner.id);
    const list = await t.get<{ items: Reward[] }>("/reward-list?per_page=50", { token });
    const pass = list.body.data.items.find((r) => r.business_name === "Demo Nails");
    expect(pass).toMatchObject({ kind: "multipass", visits_included: 10, expire_after_days: 180 });
  });
});

describe("a prepaid visit used is a visit in the owner's figures", () => {
  it("counts the staff scans that use visits in analytics-summary (its visits, active customers and repeat rate)", async () => {
    const { token, business, card: joined } = await world();
    expect((await topup(token, joined.serial, 10)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await f.staffScan(token, joined.serial)).statusCode).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const summary = await t.get<{ visits: number; active_customers: number; repeat_rate: number }>(
      "/analytics-summary",
      { token, query: { business_id: String(business.id), from: today, to: today } },
    );
    // The join and the two visits used.
    expect(summary.body.data).toMatchObject({ visits: 3, active_customers: 1, repeat_rate: 1 });
  });
});
