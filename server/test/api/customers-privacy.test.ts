import { sql } from "drizzle-orm";
import type { CustomerExport } from "../../../contract/customers";
import type { NotificationList } from "../../../contract/notifications";
import type { WalletCard } from "../../../contract/wallet";
import { createTestApp, expectError, expectInvalid, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";

// Privacy: the owner exports a customer's data and deletes the customer; a customer
// deletes their own card. Verified in the database: what must go is gone, scans stay anonymised.
jest.setTimeout(60_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

/** A customer with cards at two businesses of one owner, a stamp, a push token and an Apple pass. */
async function customerWithData() {
  const p = await f.programme({ stamps_required: 5 });
  const second = await f.addBusiness(p.token, { business_name: "Second Shop" });
  await f.addReward(p.token, second.id);
  const secondQr = await f.generateQr(p.token, second.id);
  const email = `gdpr-${Date.now()}@example.com`;
  const first = await f.join(p.qr.qr_token, {
    name: "Gina Gold",
    email,
    phone: "+44 7700 900123",
    birthday: "1988-03-14",
  });
  const other = await f.join(secondQr.qr_token, { name: "Gina Gold", email });
  await f.staffScan(p.token, first.card.serial);
  await t.post("/notification-add", { business_id: p.business.id, title: "News", message: "Hi!" }, { token: p.token });
  const pushToken = `gina-push-token-${Date.now()}-0123456789`;
  const push = await t.post(
    "/fcm-token",
    { for: "card", token: pushToken, qr_token: p.qr.qr_token },
    { headers: f.cardHeaders([first.secret]) },
  );
  expect(push.statusCode).toBe(200);
  const [card] = await t.query<{ id: number }>(sql`select id from cards where serial = ${first.card.serial}`);
  await t.query(sql`insert into apple_pass_tokens (card_id, token_hash) values (${card!.id}, ${`hash-${card!.id}`})`);
  await t.query(sql`insert into apple_pass_registrations (device_library_id, push_token, card_id)
    values ('device-1', 'apns-token-1', ${card!.id})`);
  // Anyone else's card at the same business must survive the deletion untouched.
  const bystander = await f.join(p.qr.qr_token, { name: "Bystander" });
  return { p, second, secondQr, email, first, other, cardId: card!.id, bystander, pushToken };
}

const countWhere = async (query: ReturnType<typeof sql>) => Number((await t.query<{ n: number }>(query))[0]!.n);

it("exports everything kept about the customer as JSON", async () => {
  const { p, email, first, other } = await customerWithData();
  const res = await t.get("/customer-export", { token: p.token, query: { serial: first.card.serial } });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  expect(res.headers["content-disposition"]).toContain(`customer-${first.card.serial}.json`);
  const data = JSON.parse(res.text) as CustomerExport;
  expect(data.customer).toMatchObject({ name: "Gina Gold", email, phone: "+44 7700 900123", birthday: "1988-03-14" });
  expect(data.cards.map((c) => c.serial).sort()).toEqual([first.card.serial, other.card.serial].sort());
  const main = data.cards.find((c) => c.serial === first.card.serial)!;
  expect(main.history.map((h) => h.kind)).toEqual(["stamp", "join"]);
  expect(main.messages.map((m) => m.title)).toEqual(["News"]);
  expect(main.devices).toEqual({ apple_wallet_passes: 1, push_subscriptions: 1 });
  // Credentials are not personal data to hand out: no token or secret in the file.
  expect(res.text).not.toContain("gina-push-token");
  expect(res.text).not.toContain("apns-token-1");
  expect(res.text).not.toContain(first.secret);
});

it("deletes the customer with their cards, keys, passes and push tokens; scans stay anonymised", async () => {
  const { p, email, first, other, cardId, bystander, pushToken } = await customerWithData();
  const [before] = await t.query<{ n: number }>(
    sql`select count(*)::int as n from scans where business_id = ${p.business.id}`,
  );
  const kpisBefore = (await t.get<{ stamps_today: number }>("/dashboard-details", { token: p.token })).body.data;

  await t.settle(); // the feed entries of the joins are written after their answers
  // The feed points at the customer: its sentences name them while they exist.
  const feedNames = async () => {
    const res = await t.get<NotificationList>("/notification-list", { token: p.token });
    return res.body.data.notificationData.map((e) => e.text).filter((text) => text.includes("Gina Gold")).length;
  };
  expect(await feedNames()).toBe(2);
  expectInvalid(await t.post("/customer-delete", {}, { token: p.token }), ["serial"]);
  const res = await t.post("/customer-delete", { serial: first.card.serial }, { token: p.token });
  expect(res.statusCode).toBe(200);
  expect(res.body.data).toEqual({ cards_deleted: 2, customer_deleted: true });

  const serials = [first.card.serial, other.card.serial];
  expect(
    await countWhere(sql`select count(*)::int as n from cards where serial in (${serials[0]}, ${serials[1]})`),
  ).toBe(0);
  expect(await countWhere(sql`select count(*)::int as n from customers where email = ${email}`)).toBe(0);
  expect(await countWhere(sql`select count(*)::int as n from card_keys where card_id = ${cardId}`)).toBe(0);
  expect(await countWhere(sql`select count(*)::int as n from push_tokens where card_id = ${cardId}`)).toBe(0);
  expect(await countWhere(sql`select count(*)::int as n from push_tokens where token = ${pushToken}`)).toBe(0);
  expect(await countWhere(sql`select count(*)::int as n from apple_pass_tokens where card_id = ${cardId}`)).toBe(0);
  expect(await countWhere(sql`select count(*)::int as n from apple_pass_registrations where card_id = ${cardId}`)).toBe(
    0,
  );
  expect(await countWhere(sql`select count(*)::int as n from message_recipients where card_id = ${cardId}`)).toBe(0);
  // The scans stay for the figures, with nothing left that points at the person.
  expect(await countWhere(sql`select count(*)::int as n from scans where business_id = ${p.business.id}`)).toBe(
    before!.n,
  );
  expect(
    await countWhere(
      sql`select count(*)::int as n from scans where business_id = ${p.business.id} and card_id is null`,
    ),
  ).toBe(2);
  const kpisAfter = (await t.get<{ stamps_today: number }>("/dashboard-details", { token: p.token })).body.data;
  expect(kpisAfter.stamps_today).toBe(kpisBefore.stamps_today);
  // The owner's feed no longer names them.
  expect(await feedNames()).toBe(0);

  // The card stops working at once: the counter, the device and the directory no longer know it.
  expectError(await f.staffScan(p.token, first.card.serial), 404);
  const card = await t.get<WalletCard | null>("/wallet-card", {
    query: { qr_token: p.qr.qr_token },
    headers: f.cardHeaders([first.secret]),
  });
  expect(card.body.data).toBeNull();
  expectError(await t.get("/customer-detail", { token: p.token, query: { serial: first.card.serial } }), 404);
  expectError(await t.post("/customer-delete", { serial: first.card.serial }, { token: p.token }), 404);
  // Scan lists of the owner still work with anonymised rows in them.
  expect((await t.get("/scan-list", { token: p.token })).statusCode).toBe(200);
  expect((await t.get("/scan-export", { token: p.token })).statusCode).toBe(200);
  // Someone else's card is untouched.
  expect(await countWhere(sql`select count(*)::int as n from cards where serial = ${bystander.card.serial}`)).toBe(1);
});

it("a customer deletes their own card from the card page; their other card stays", async () => {
  const { p, email, first, other, cardId } = await customerWithData();
  const headers = f.cardHeaders([first.secret]);
  // Another device (no secret) cannot, nor can the right device name another card.
  expectError(await t.post("/wallet-card-delete", { qr_token: p.qr.qr_token, serial: first.card.serial }), 404);
  expectError(
    await t.post("/wallet-card-delete", { qr_token: p.qr.qr_token, serial: other.card.serial }, { headers }),
    404,
  );
  expectInvalid(await t.post("/wallet-card-delete", { qr_token: p.qr.qr_token }, { headers }), ["serial"]);

  const res = await t.post("/wallet-card-delete", { qr_token: p.qr.qr_token, serial: first.card.serial }, { headers });
  expect(res.statusCode).toBe(200);
  expect(res.body.data).toEqual({ cards_deleted: 1, customer_deleted: false });
  expect(await countWhere(sql`select count(*)::int as n from cards where id = ${cardId}`)).toBe(0);
  expect(await countWhere(sql`select count(*)::int as n from push_tokens where card_id = ${cardId}`)).toBe(0);
  expect(await countWhere(sql`select count(*)::int as n from apple_pass_registrations where card_id = ${cardId}`)).toBe(
    0,
  );
  expect(await countWhere(sql`select count(*)::int as n from cards where serial = ${other.card.serial}`)).toBe(1);
  expect(await countWhere(sql`select count(*)::int as n from customers where email = ${email}`)).toBe(1);
  const card = await t.get("/wallet-card", { query: { qr_token: p.qr.qr_token }, headers });
  expect(card.body.data).toBeNull();
  expectError(await f.staffScan(p.token, first.card.serial), 404);
});
