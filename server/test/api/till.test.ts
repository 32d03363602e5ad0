import { sql } from "drizzle-orm";
import type { PosConnection, PosOrder } from "../../../contract/pos";
import type { Paginated } from "../../../contract/pagination";
import { createTestApp, expectError, type TestApp } from "../helpers/app";
import { kindFixtures } from "../helpers/kinds";
import { loyaltyFixtures } from "../helpers/loyalty";
import { shopifySender, squareSender } from "../helpers/till-senders";

// Till connections and their receivers, with stand-in senders that sign as Shopify
// and Square do. CI runs this file on PostgreSQL as well (the concurrent delivery case).
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

type Added = { id: number; provider: string; webhook_url: string };
const connect = async (
  token: string,
  businessId: number,
  provider: "shopify" | "square",
  secret: string,
  enrol?: boolean,
) => {
  const res = await t.post<Added>(
    "/pos-connection-add",
    { business_id: businessId, provider, secret, ...(enrol !== undefined && { enrol_unknown: enrol }) },
    { token },
  );
  expect(res.statusCode).toBe(201);
  return res.body.data;
};
const stampsOf = async (serial: string) =>
  (await t.query<{ stamps: number }>(sql`select stamps from cards where serial = ${serial}`))[0]!.stamps;
const list = async (token: string) =>
  (await t.get<Paginated<PosConnection>>("/pos-connection-list", { token })).body.data.items;

describe("Shopify", () => {
  it("a paid order earns points by its amount, once; its refund takes them back, once", async () => {
    const { token, business, qr } = await programmeOf({ kind: "points", points_per_visit: 0, points_per_unit: 1 });
    const joined = await f.join(qr.qr_token);
    const connection = await connect(token, business.id, "shopify", "shpss_secret");
    expect(connection.webhook_url).toBe(`${t.config.publicAppUrl}/api/hooks/shopify/${connection.id}`);
    const shop = shopifySender(t, connection, "shpss_secret");

    const paid = await shop.paid({ id: 5001, total: "42.50", email: joined.email.toUpperCase() });
    expect(paid.statusCode).toBe(200);
    expect(paid.body.data).toEqual({ outcome: "earned" });
    expect(await stampsOf(joined.card.serial)).toBe(42);
    // The same order again (a retry, another webhook id): nothing more.
    expect((await shop.paid({ id: 5001, total: "42.50", email: joined.email })).body.data).toEqual({
      outcome: "already earned",
    });
    expect(await stampsOf(joined.card.serial)).toBe(42);

    expect((await shop.refund(5001)).body.data).toEqual({ outcome: "refunded" });
    expect((await shop.refund(5001)).body.data).toEqual({ outcome: "already refunded" });
    expect(await stampsOf(joined.card.serial)).toBe(0);

    const [listed] = await list(token);
    expect(listed).toMatchObject({ id: connection.id, provider: "shopify", unknown_customers: 0 });
    expect(listed!.last_orders).toEqual([
      expect.objectContaining({
        order_id: "5001",
        serial: joined.card.serial,
        earned: 42,
        refunded: 42,
        amount: "42.50",
      }),
    ]);
    expect(JSON.stringify(listed)).not.toContain("shpss_secret");
    const orders = await t.get<Paginated<PosOrder>>("/pos-orders", {
      token,
      query: { connection_id: String(connection.id) },
    });
    expect(orders.body.data).toMatchObject({ total: 1, items: [{ order_id: "5001" }] });
  });

  it("a paid order on a stamp card earns one stamp, whatever its amount", async () => {
    const { token, business, qr } = await f.programme();
    const joined = await f.join(qr.qr_token);
    const shop = shopifySender(t, await connect(token, business.id, "shopify", "k"), "k");
    await t.query(sql`update businesses set currency = 'EUR' where id = ${business.id}`);
    expect((await shop.paid({ id: 1, total: "300.00", email: joined.email })).statusCode).toBe(200);
    expect(await stampsOf(joined.card.serial)).toBe(2);
  });

  it("a bad signature is 401 and writes nothing; another currency is counted, not earned", async () => {
    const { token, business, qr } = await programmeOf({ kind: "points", points_per_visit: 0, points_per_unit: 1 });
    const joined = await f.join(qr.qr_token);
    const connection = await connect(token, business.id, "shopify", "right");
    const forged = shopifySender(t, connection, "wrong");
    expectError(await forged.paid({ id: 7, total: "10.00", email: joined.email }), 401);
    const shop = shopifySender(t, connection, "right");
    expectError(await shop.paid({ id: 7, total: "10.00", email: joined.email }, { signature: "" }), 401);
    expect(await t.query(sql`select 1 from order_earns where business_id = ${business.id}`)).toHaveLength(0);

    expect((await shop.paid({ id: 8, total: "10.00", currency: "USD", email: joined.email })).body.data).toEqual({
      outcome: "other currency",
    });
    expect(await stampsOf(joined.card.serial)).toBe(0);
    expect((await list(token))[0]).toMatchObject({ currency_errors: 1, unknown_customers: 0 });
  });

  it("an unknown customer is counted and listed, not enrolled; enrolled when the setting is on", async () => {
    const { token, business } = await f.programme();
    await t.query(sql`update businesses set currency = 'EUR' where id = ${business.id}`);
    const connection = await connect(token, business.id, "shopify", "k");
    const shop = shopifySender(t, connection, "k");
    const email = `stranger-${Date.now()}@example.com`;
    expect((await shop.paid({ id: 11, total: "5.00", email })).body.data).toEqual({ outcome: "unknown customer" });
    expect((await shop.paid({ id: 11, total: "5.00", email })).body.data).toEqual({ outcome: "unknown customer" });
    const cardsOf = () =>
      t.query(sql`select 1 from cards c join customers u on u.id = c.customer_id where u.email = ${email}`);
    expect(await cardsOf()).toHaveLength(0);
    const [listed] = await list(token);
    expect(listed).toMatchObject({ unknown_customers: 1, last_unknown: [{ order_id: "11", email }] });

    const on = await t.post("/pos-connection-settings", { id: connection.id, enrol_unknown: true }, { token });
    expect(on.statusCode).toBe(200);
    expect((await shop.paid({ id: 12, total: "5.00", email })).body.data).toEqual({ outcome: "earned" });
    const [card] = await t.query<{ stamps: number; history: string }>(
      sql`select c.stamps, (select string_agg(e.kind, ',' order by e.id) from card_events e where e.card_id = c.id) as history
          from cards c join customers u on u.id = c.customer_id where u.email = ${email}`,
    );
    expect(card).toEqual({ stamps: 1, history: "join,stamp" });
  });

  it("another owner's connection: 404 for its orders, settings and delete; no integrations in the plan: 403", async () => {
    const { token, business } = await f.programme();
    const connection = await connect(token, business.id, "shopify", "k");
    const other = await f.owner();
    expectError(await t.get("/pos-orders", { token: other, query: { connection_id: String(connection.id) } }), 404);
    expectError(await t.post("/pos-connection-delete", { id: connection.id }, { token: other }), 404);
    expectError(
      await t.post("/pos-connection-settings", { id: connection.id, enrol_unknown: true }, { token: other }),
      404,
    );
    expectError(
      await t.post(
        "/pos-connection-add",
        { business_id: business.id, provider: "square", secret: "s" },
        { token: other },
      ),
      404,
    );
    const starter = await t.tokenFor((await t.createUser({ plan: "Starter" })).id);
    const starterBusiness = await f.addBusiness(starter);
    expectError(
      await t.post(
        "/pos-connection-add",
        { business_id: starterBusiness.id, provider: "square", secret: "s" },
        { token: starter },
      ),
      403,
    );

    // Deleted: its deliveries are refused, as a bad signature is.
    expect((await t.post("/pos-connection-delete", { id: connection.id }, { token })).statusCode).toBe(200);
    expectError(await shopifySender(t, connection, "k").paid({ id: 1, total: "1.00" }), 401);
  });

  it("the same order delivered 10 times at once earns once", async () => {
    const { token, business, qr } = await programmeOf({ kind: "points", points_per_visit: 3, points_per_unit: 0 });
    const joined = await f.join(qr.qr_token);
    const shop = shopifySender(t, await connect(token, business.id, "shopify", "k"), "k");
    const before = await stampsOf(joined.card.serial);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => shop.paid({ id: 9001, total: "20.00", email: joined.email })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => (a.body.data as { outcome: string }).outcome === "earned")).toHaveLength(1);
    expect(await stampsOf(joined.card.serial)).toBe(before + 3);
  });

  it("different orders of one card delivered at once each earn (no deadlock between them)", async () => {
    const { token, business, qr } = await programmeOf({ kind: "points", points_per_visit: 3, points_per_unit: 0 });
    const joined = await f.join(qr.qr_token);
    const shop = shopifySender(t, await connect(token, business.id, "shopify", "k"), "k");
    const before = await stampsOf(joined.card.serial);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => shop.paid({ id: 9100 + i, total: "20.00", email: joined.email })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(await stampsOf(joined.card.serial)).toBe(before + 8 * 3);
  });
});

describe("Square", () => {
  it("a COMPLETED payment earns cashback by its minor units; other statuses are ignored; the refund takes back", async () => {
    const { token, business, qr } = await programmeOf({ kind: "cashback", cashback_basis_points: 1000 });
    const joined = await f.join(qr.qr_token);
    const connection = await connect(token, business.id, "square", "sq-signature-key");
    const square = squareSender(t, connection, "sq-signature-key");

    expect(
      (await square.payment({ id: "P1", amount: 2500, email: joined.email, status: "APPROVED" })).body.data,
    ).toEqual({ outcome: "ignored" });
    expect(await stampsOf(joined.card.serial)).toBe(0);
    expect((await square.payment({ id: "P1", amount: 2500, email: joined.email })).body.data).toEqual({
      outcome: "earned",
    });
    expect((await square.payment({ id: "P1", amount: 2500, email: joined.email })).body.data).toEqual({
      outcome: "already earned",
    });
    expect(await stampsOf(joined.card.serial)).toBe(250);

    expect((await square.refund("P1", "PENDING")).body.data).toEqual({ outcome: "ignored" });
    expect((await square.refund("P1", "COMPLETED", "refund.updated")).body.data).toEqual({ outcome: "refunded" });
    expect((await square.refund("P1")).body.data).toEqual({ outcome: "already refunded" });
    expect(await stampsOf(joined.card.serial)).toBe(0);
  });

  it("a signature over the body alone (not the notification URL) is 401", async () => {
    const { token, business, qr } = await programmeOf({ kind: "cashback", cashback_basis_points: 1000 });
    const joined = await f.join(qr.qr_token);
    const connection = await connect(token, business.id, "square", "key");
    const square = squareSender(t, connection, "key");
    const { createHmac } = await import("node:crypto");
    const bodyOnly = createHmac("sha256", "key").update("{}").digest("base64");
    expectError(await square.payment({ id: "P9", amount: 100, email: joined.email }, { signature: bodyOnly }), 401);
    // A Shopify receiver does not take a Square connection's id.
    const asShopify = { webhook_url: connection.webhook_url.replace("/square/", "/shopify/") };
    expectError(await shopifySender(t, asShopify, "key").paid({ id: 1, total: "1.00" }), 401);
    expect(await stampsOf(joined.card.serial)).toBe(0);
  });
});

describe("bad input", () => {
  it("add refuses an unknown provider, an empty secret, another's business", async () => {
    const { token, business } = await f.programme();
    const bad = await t.post(
      "/pos-connection-add",
      { business_id: business.id, provider: "clover", secret: "" },
      { token },
    );
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(expect.arrayContaining(["provider", "secret"]));
  });

  it("a signed body that is not a JSON object is 200 (ignored), and writes nothing", async () => {
    const { token, business } = await f.programme();
    const connection = await connect(token, business.id, "shopify", "k");
    const { createHmac } = await import("node:crypto");
    const raw = "[1,2]";
    const res = await t.request("POST", new URL(connection.webhook_url).pathname, undefined, {
      raw,
      contentType: "application/json",
      headers: {
        "x-shopify-topic": "orders/paid",
        "x-shopify-hmac-sha256": createHmac("sha256", "k").update(raw).digest("base64"),
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual({ outcome: "ignored" });
    expect(await t.query(sql`select 1 from pos_skipped_orders where connection_id = ${connection.id}`)).toHaveLength(0);
  });
});

describe("a verified delivery always answers 2xx", () => {
  const skippedOf = async (connectionId: number) =>
    t.query<{ order_id: string; reason: string }>(
      sql`select order_id, reason from pos_skipped_orders where connection_id = ${connectionId} order by id`,
    );

  it("an odd total (not a number, negative, too many decimals) is 200 and listed as skipped bad-amount", async () => {
    const { token, business, qr } = await programmeOf({ kind: "points", points_per_visit: 0, points_per_unit: 1 });
    const joined = await f.join(qr.qr_token);
    const connection = await connect(token, business.id, "shopify", "k");
    const shop = shopifySender(t, connection, "k");
    for (const [id, total] of [
      [31, "abc"],
      [32, "-5.00"],
      [33, "1.234"],
    ] as const) {
      const res = await shop.paid({ id, total, email: joined.email });
      expect(res.statusCode).toBe(200);
      expect(res.body.data).toEqual({ outcome: "bad amount" });
    }
    expect(await stampsOf(joined.card.serial)).toBe(0);
    expect(await skippedOf(connection.id)).toEqual([
      { order_id: "shopify:31", reason: "bad-amount" },
      { order_id: "shopify:32", reason: "bad-amount" },
      { order_id: "shopify:33", reason: "bad-amount" },
    ]);
    const [listed] = await list(token);
    expect(listed!.skipped).toEqual({ "unknown-customer": 0, currency: 0, "bad-amount": 3, "above-limit": 0 });
    expect(listed!.last_skipped.map((o) => [o.order_id, o.reason])).toEqual([
      ["33", "bad-amount"],
      ["32", "bad-amount"],
      ["31", "bad-amount"],
    ]);
  });

  it("an amount the engine refuses is 200 and skipped: above-limit for a readable amount, bad-amount for none", async () => {
    const { token, business, qr } = await programmeOf({ kind: "cashback", cashback_basis_points: 1000 });
    const joined = await f.join(qr.qr_token);
    const connection = await connect(token, business.id, "shopify", "k");
    const shop = shopifySender(t, connection, "k");
    // Cashback of 10% on this earns more than any balance holds: the engine refuses its amount.
    const huge = await shop.paid({ id: 41, total: "90000000000000.00", email: joined.email });
    expect(huge.statusCode).toBe(200);
    expect(huge.body.data).toEqual({ outcome: "above limit" });
    // No total at all: cashback has nothing to earn on (the engine refuses it too).
    const none = await shop.send("orders/paid", { id: 42, currency: "EUR", email: joined.email });
    expect(none.statusCode).toBe(200);
    expect(none.body.data).toEqual({ outcome: "bad amount" });
    expect(await stampsOf(joined.card.serial)).toBe(0);
    expect(await skippedOf(connection.id)).toEqual([
      { order_id: "shopify:41", reason: "above-limit" },
      { order_id: "shopify:42", reason: "bad-amount" },
    ]);
    expect(await t.query(sql`select 1 from order_earns where business_id = ${business.id}`)).toHaveLength(0);
    // The order may earn once its amount is one the business takes.
    expect((await shop.paid({ id: 41, total: "10.00", email: joined.email })).body.data).toEqual({ outcome: "earned" });
  });

  it("an order without a currency is listed as skipped currency, not earned (Shopify and Square)", async () => {
    const { token, business, qr } = await programmeOf({ kind: "points", points_per_visit: 0, points_per_unit: 1 });
    const joined = await f.join(qr.qr_token);
    const shopConnection = await connect(token, business.id, "shopify", "k");
    const shop = shopifySender(t, shopConnection, "k");
    const noCurrency = await shop.send("orders/paid", { id: 51, total_price: "10.00", email: joined.email });
    expect(noCurrency.statusCode).toBe(200);
    expect(noCurrency.body.data).toEqual({ outcome: "other currency" });
    const squareConnection = await connect(token, business.id, "square", "sq");
    const square = squareSender(t, squareConnection, "sq");
    const squareNoCurrency = await square.payment({ id: "P51", amount: 1000, currency: null, email: joined.email });
    expect(squareNoCurrency.body.data).toEqual({ outcome: "other currency" });
    expect(await stampsOf(joined.card.serial)).toBe(0);
    expect(await skippedOf(shopConnection.id)).toEqual([{ order_id: "shopify:51", reason: "currency" }]);
    expect(await skippedOf(squareConnection.id)).toEqual([{ order_id: "square:P51", reason: "currency" }]);
  });

  it("an unknown connection id and a removed connection answer byte for byte as a bad signature", async () => {
    const { token, business } = await f.programme();
    const connection = await connect(token, business.id, "shopify", "right");
    const order = { id: 61, total: "1.00" };
    const badSignature = await shopifySender(t, connection, "wrong").paid(order);
    expect(badSignature.statusCode).toBe(401);
    const answers = [
      await shopifySender(t, { webhook_url: connection.webhook_url.replace(/\/\d+$/, "/2147480000") }, "right").paid(
        order,
      ),
    ];
    expect((await t.post("/pos-connection-delete", { id: connection.id }, { token })).statusCode).toBe(200);
    answers.push(await shopifySender(t, connection, "right").paid(order));
    for (const answer of answers) {
      expect({ status: answer.statusCode, body: answer.text, type: answer.headers["content-type"] }).toEqual({
        status: badSignature.statusCode,
        body: badSignature.text,
        type: badSignature.headers["content-type"],
      });
    }
  });
});

describe("Square's access token", () => {
  it("is taken by add and settings (Square only) and never answered", async () => {
    const { token, business } = await f.programme();
    const add = await t.post(
      "/pos-connection-add",
      { business_id: business.id, provider: "square", secret: "sq", access_token: "EAAAl-first-token" },
      { token },
    );
    expect(add.statusCode).toBe(201);
    const id = (add.body.data as Added).id;
    const settings = await t.post("/pos-connection-settings", { id, access_token: "EAAAl-second-token" }, { token });
    expect(settings.statusCode).toBe(200);
    expect(settings.body.data).toEqual({ id, enrol_unknown: false, has_access_token: true });
    const listed = await t.get("/pos-connection-list", { token });
    expect((listed.body.data as Paginated<PosConnection>).items[0]).toMatchObject({ id, has_access_token: true });
    for (const answer of [add, settings, listed]) expect(answer.text).not.toMatch(/EAAAl|first-token|second-token/);
    expect(await t.query(sql`select access_token from pos_connections where id = ${id}`)).toEqual([
      { access_token: "EAAAl-second-token" },
    ]);

    const removed = await t.post("/pos-connection-settings", { id, access_token: null }, { token });
    expect(removed.body.data).toEqual({ id, enrol_unknown: false, has_access_token: false });

    const shopify = await t.post(
      "/pos-connection-add",
      { business_id: business.id, provider: "shopify", secret: "k", access_token: "EAAAl-x" },
      { token },
    );
    expect(shopify.statusCode).toBe(422);
    expect(Object.keys(shopify.body.errors ?? {})).toEqual(["access_token"]);
    expect(shopify.text).not.toContain("EAAAl");
    const shopifyId = (await connect(token, business.id, "shopify", "k")).id;
    const refused = await t.post("/pos-connection-settings", { id: shopifyId, access_token: "EAAAl-y" }, { token });
    expect(refused.statusCode).toBe(422);
    expect(refused.text).not.toContain("EAAAl");
  });
});
