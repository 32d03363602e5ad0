import { sql } from "drizzle-orm";
import type { NewApiKey } from "../../../contract/api-keys";
import type { CardHistory } from "../../../contract/cards";
import type { CustomerDetail } from "../../../contract/customers";
import type { ScanPage } from "../../../contract/scans";
import { createTestApp, type TestApp } from "../helpers/app";
import { dashboardFixtures } from "../helpers/dashboard";
import { loyaltyFixtures } from "../helpers/loyalty";
import { shopifySender } from "../helpers/till-senders";
import { v1Client } from "../helpers/v1-client";

// Every change to a card records who really made it: the customer, a staff member, the owner, an
// API key (not the owner it acts for), a till connection, or the system; the scan list, the card's
// history and the customer's page say so.
jest.setTimeout(60_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
let d: ReturnType<typeof dashboardFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
  d = dashboardFixtures(t);
});
afterAll(() => t.close());

const scanActors = async (token: string, serial: string) =>
  (await t.get<ScanPage>("/scan-list", { token, query: { per_page: "50" } })).body.data.items
    .filter((s) => s.serial === serial)
    .reverse()
    .map((s) => [s.kind, s.actor]);
const historyActors = async (token: string, serial: string) =>
  (await t.get<CardHistory>("/card-history", { token, query: { serial } })).body.data.items
    .reverse()
    .map((e) => [e.kind, e.actor, e.actor_name]);

async function keyFor(token: string, name: string) {
  const res = await t.post<NewApiKey>("/api/api-key-add", { name, scopes: ["cards:read", "cards:write"] }, { token });
  expect(res.statusCode).toBe(201);
  return res.body.data;
}

it("the customer, staff and the owner at the scanner: a redeem by the owner is the owner's, not a self-scan", async () => {
  const { token, qr } = await f.programme({ stamps_required: 3, cooldown_minutes: 0, daily_cap: 0 });
  const [owner] = await t.query<{ name: string }>(
    sql`select u.name from users u join qr_codes q on q.user_id = u.id where q.id = ${qr.id}`,
  );
  const joined = await f.join(qr.qr_token); // stamp 1
  const staff = await d.staffOf(token, `sam-${Date.now()}@example.com`);
  expect((await f.staffScan(staff.token, joined.card.serial)).statusCode).toBe(200); // stamp 2
  expect((await f.staffScan(token, joined.card.serial)).statusCode).toBe(200); // stamp 3: ready
  // The ready card at the scanner: the owner's scan redeems it.
  const redeemed = await f.staffScan(token, joined.card.serial);
  expect(redeemed.body.data).toMatchObject({ action: "redeem" });

  const customer = { kind: "customer", name: null };
  const sam = { kind: "staff", name: "Sam Staff" };
  const me = { kind: "owner", name: owner!.name };
  expect(await scanActors(token, joined.card.serial)).toEqual([
    ["join", customer],
    ["stamp", sam],
    ["stamp", me],
    ["redeem", me],
  ]);
  expect((await historyActors(token, joined.card.serial)).map(([kind, actor]) => [kind, actor])).toEqual([
    ["join", customer],
    ["stamp", sam],
    ["stamp", me],
    ["redeem", me],
  ]);
  const detail = await t.get<CustomerDetail>(`/customer-detail`, { token, query: { serial: joined.card.serial } });
  expect(detail.body.data.history.map((h) => h.actor)).toEqual([me, me, sam, customer]);
});

it("an API key's enrolment and redeem are the key's, with no owner named as the actor", async () => {
  const { token, business } = await f.programme({ stamps_required: 2, cooldown_minutes: 0 });
  const key = await keyFor(token, "Online shop");
  const api = v1Client(t.app, key.key);
  const card = (
    await api.POST("/cards", {
      body: { business_id: business.id, name: "Kim Key", email: `kim-${Date.now()}@example.com` },
    })
  ).data!;
  const path = { serial: card.serial };
  expect(
    (await api.POST("/cards/{serial}/earn", { params: { path }, body: { order_id: "K-1", stamps: 2 } })).response
      .status,
  ).toBe(200);
  expect((await api.POST("/cards/{serial}/redeem", { params: { path }, body: {} })).response.status).toBe(200);
  const byKey = { kind: "api_key", name: "Online shop" };
  expect(await historyActors(token, card.serial)).toEqual([
    ["join", byKey, null],
    ["stamp", byKey, null],
    ["redeem", byKey, null],
  ]);
  expect((await scanActors(token, card.serial)).map(([, actor]) => actor)).toEqual([byKey, byKey]);
});

it("a till's enrolment and orders are the till connection's", async () => {
  const { token, business } = await f.programme({ cooldown_minutes: 0, daily_cap: 0 });
  const res = await t.post<{ id: number; webhook_url: string }>(
    "/pos-connection-add",
    { business_id: business.id, provider: "shopify", secret: "shpss_actor", enrol_unknown: true },
    { token },
  );
  expect(res.statusCode).toBe(201);
  const shop = shopifySender(t, res.body.data, "shpss_actor");
  const email = `till-${Date.now()}@example.com`;
  expect((await shop.paid({ id: 8101, total: "12.00", currency: "GBP", email })).body.data).toEqual({
    outcome: "earned",
  });
  const [card] = await t.query<{ serial: string }>(
    sql`select c.serial from cards c join customers u on u.id = c.customer_id where u.email = ${email}`,
  );
  const till = { kind: "till", name: "shopify" };
  expect((await historyActors(token, card!.serial)).map(([kind, actor]) => [kind, actor])).toEqual([
    ["join", till],
    ["stamp", till],
  ]);
  expect(await scanActors(token, card!.serial)).toEqual([["stamp", till]]);
});

it("expiry is the system's", async () => {
  const { token, qr } = await f.programme({ stamps_required: 5, expire_after_days: 30 });
  const joined = await f.join(qr.qr_token);
  await t.query(
    sql`update cards set earned_at = now() - interval '40 days', last_visit_at = now() - interval '40 days'
        where serial = ${joined.card.serial}`,
  );
  await t.query(
    sql`update rewards set expiry_from = now() - interval '40 days'
        where id = (select reward_id from cards where serial = ${joined.card.serial})`,
  );
  const { expireCards } = await import("../../src/modules/loyalty/rewards/expiry");
  await expireCards(t.database.db, t.app.events);
  const history = await historyActors(token, joined.card.serial);
  expect(history.at(-1)).toEqual(["expire", { kind: "system", name: null }, null]);
});
