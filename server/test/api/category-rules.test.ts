import { sql } from "drizzle-orm";
import type { CategoryRule } from "../../../contract/category-rules";
import type { ProductCategory } from "../../../contract/product-category";
import { createTestApp, expectError, expectInvalid, type TestApp } from "../helpers/app";
import { kindFixtures } from "../helpers/kinds";
import { loyaltyFixtures } from "../helpers/loyalty";
import { startSquareStandIn } from "../helpers/square-stand-in";
import { shopifySender, squareSender } from "../helpers/till-senders";

// Products that earn more: a category lists the till's items, a rule per programme multiplies
// what its lines earn ("0": nothing), and the till, the scanner and Square's orders earn per line.
jest.setTimeout(60_000);

const TOKEN = "EAAAl-standin-access-token";
let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
let programmeOf: ReturnType<typeof kindFixtures>["programmeOf"];
let square: Awaited<ReturnType<typeof startSquareStandIn>>;
beforeAll(async () => {
  square = await startSquareStandIn(TOKEN);
  t = await createTestApp({ SQUARE_API_URL: square.url });
  f = loyaltyFixtures(t);
  ({ programmeOf } = kindFixtures(t, f));
});
afterAll(async () => {
  await t.close();
  await square.close();
});

const balanceOf = async (serial: string) =>
  (await t.query<{ stamps: number }>(sql`select stamps from cards where serial = ${serial}`))[0]!.stamps;

const addCategory = async (token: string, body: Record<string, unknown>) => {
  const res = await t.post<ProductCategory>("/product-category-add", body, { token });
  expect(res.statusCode).toBe(201);
  return res.body.data;
};
const saveRule = (token: string, body: Record<string, unknown>) =>
  t.post<CategoryRule>("/category-rule-save", body, { token });

/** A points programme (one point per 1.00, no visit points) with a Pastries ×2 and a Gift cards ×0 category. */
async function bakery() {
  const p = await programmeOf({ kind: "points", points_per_visit: 0, points_per_unit: 1 });
  const pastries = await addCategory(p.token, {
    name: "Pastries",
    business_id: p.business.id,
    item_ids: ["CROISSANT", "4711"],
  });
  const gifts = await addCategory(p.token, { name: "Gift cards", item_ids: ["GIFT"] });
  expect(
    (await saveRule(p.token, { product_category_id: pastries.id, reward_id: p.reward.id, multiplier: "2" })).statusCode,
  ).toBe(201);
  expect(
    (await saveRule(p.token, { product_category_id: gifts.id, reward_id: p.reward.id, multiplier: "0" })).statusCode,
  ).toBe(201);
  const joined = await f.join(p.qr.qr_token);
  return { ...p, pastries, gifts, joined };
}

describe("categories and their rules", () => {
  it("a category holds item ids: trimmed, without blanks or repeats, kept on an edit that does not name them", async () => {
    const token = await f.owner();
    const added = await addCategory(token, { name: "Pastries", item_ids: [" CROISSANT ", "", "4711", "CROISSANT"] });
    expect(added.item_ids).toEqual(["CROISSANT", "4711"]);
    const renamed = await t.post<ProductCategory>(
      "/product-category-add",
      { id: added.id, name: "Viennoiserie" },
      {
        token,
      },
    );
    expect(renamed.body.data).toMatchObject({ name: "Viennoiserie", item_ids: ["CROISSANT", "4711"] });
    const replaced = await t.post<ProductCategory>(
      "/product-category-add",
      { id: added.id, name: "Viennoiserie", item_ids: "PAIN-CHOC\nBRIOCHE, 4711" },
      { token },
    );
    expect(replaced.body.data.item_ids).toEqual(["PAIN-CHOC", "BRIOCHE", "4711"]);

    expectInvalid(
      await t.post(
        "/product-category-add",
        { name: "Too many", item_ids: Array.from({ length: 201 }, (_, i) => `SKU-${i}`) },
        { token },
      ),
      ["item_ids"],
    );
    expectInvalid(await t.post("/product-category-add", { name: "Too long", item_ids: ["x".repeat(101)] }, { token }), [
      "item_ids.0",
    ]);
    expectInvalid(await t.post("/product-category-add", { name: "Not text", item_ids: [{ sku: 1 }] }, { token }), [
      "item_ids.0",
    ]);
    expectInvalid(await t.post("/product-category-add", { name: "Control", item_ids: ["A\u0000B"] }, { token }), [
      "item_ids.0",
    ]);
    expect(
      await t.query(
        sql`select 1 from product_categories where name in ('Too many', 'Too long', 'Not text', 'Control')`,
      ),
    ).toHaveLength(0);
  });

  it("saves a rule per category and programme (again: replaces it), lists and deletes them", async () => {
    const p = await programmeOf({ kind: "points", points_per_visit: 0, points_per_unit: 1 });
    const pastries = await addCategory(p.token, { name: "Pastries", item_ids: ["CROISSANT"] });
    const first = await saveRule(p.token, {
      product_category_id: pastries.id,
      reward_id: p.reward.id,
      multiplier: "2",
    });
    expect(first.statusCode).toBe(201);
    expect(first.body.data).toMatchObject({
      product_category_id: pastries.id,
      product_category_name: "Pastries",
      reward_id: p.reward.id,
      multiplier: "2",
    });
    const again = await saveRule(p.token, {
      product_category_id: pastries.id,
      reward_id: p.reward.id,
      multiplier: 1.5,
    });
    expect(again.statusCode).toBe(200);
    expect(again.body.data).toMatchObject({ id: first.body.data.id, multiplier: "1.5" });

    const list = await t.get<{ items: CategoryRule[] }>("/category-rule-list", { token: p.token });
    expect(list.body.data.items).toEqual([expect.objectContaining({ id: first.body.data.id, multiplier: "1.5" })]);
    const byReward = await t.get<{ items: CategoryRule[] }>("/category-rule-list", {
      token: p.token,
      query: { reward_id: String(p.reward.id) },
    });
    expect(byReward.body.data.items).toHaveLength(1);

    expect((await t.post("/category-rule-delete", { id: first.body.data.id }, { token: p.token })).statusCode).toBe(
      200,
    );
    expectError(await t.post("/category-rule-delete", { id: first.body.data.id }, { token: p.token }), 404);
    expect((await t.get<{ items: CategoryRule[] }>("/category-rule-list", { token: p.token })).body.data.items).toEqual(
      [],
    );
  });

  it("refuses a bad multiplier, a stamp programme, a category of another business, and writes nothing", async () => {
    const p = await programmeOf({ kind: "points", points_per_visit: 0, points_per_unit: 1 });
    const category = await addCategory(p.token, { name: "Pastries" });
    const rule = (multiplier: unknown) => ({ product_category_id: category.id, reward_id: p.reward.id, multiplier });
    for (const bad of ["-1", "10.01", "1.234", "two", "", null]) {
      expectInvalid(await saveRule(p.token, rule(bad)), ["multiplier"]);
    }
    expectInvalid(await saveRule(p.token, { reward_id: p.reward.id, multiplier: "2" }), ["product_category_id"]);
    expectInvalid(await saveRule(p.token, { product_category_id: category.id, multiplier: "2" }), ["reward_id"]);

    const stamps = await f.addReward(p.token, p.business.id, { title: "Free bun" });
    expectInvalid(
      await saveRule(p.token, { product_category_id: category.id, reward_id: stamps.id, multiplier: "2" }),
      ["reward_id"],
    );
    const other = await f.addBusiness(p.token, { business_name: "Second shop" });
    const elsewhere = await addCategory(p.token, { name: "Their cakes", business_id: other.id });
    expectInvalid(
      await saveRule(p.token, { product_category_id: elsewhere.id, reward_id: p.reward.id, multiplier: "2" }),
      ["product_category_id"],
    );
    expect(
      await t.query(
        sql`select 1 from category_rules where user_id = (select user_id from rewards where id = ${p.reward.id})`,
      ),
    ).toHaveLength(0);
  });

  it("one owner never reads, changes or deletes another's rules, nor uses another's category or programme", async () => {
    const a = await bakery();
    const b = await programmeOf({ kind: "points", points_per_visit: 0, points_per_unit: 1 });
    const bCategory = await addCategory(b.token, { name: "Pastries" });
    const [aRule] = (await t.get<{ items: CategoryRule[] }>("/category-rule-list", { token: a.token })).body.data.items;

    expect((await t.get<{ items: CategoryRule[] }>("/category-rule-list", { token: b.token })).body.data.items).toEqual(
      [],
    );
    expectError(await t.get("/category-rule-list", { token: b.token, query: { reward_id: String(a.reward.id) } }), 404);
    expectError(
      await saveRule(b.token, { product_category_id: a.pastries.id, reward_id: b.reward.id, multiplier: "5" }),
      404,
    );
    expectError(
      await saveRule(b.token, { product_category_id: bCategory.id, reward_id: a.reward.id, multiplier: "5" }),
      404,
    );
    expectError(await t.post("/category-rule-delete", { id: aRule!.id }, { token: b.token }), 404);
    // A's staff read A's rules (the scanner's split by category), never B's; they may not change
    // A's rules, and nobody signed out may.
    const staff = await f.staffOf(a.token, `rules-staff-${Date.now()}@example.com`);
    expect(
      (await t.get<{ items: CategoryRule[] }>("/category-rule-list", { token: staff.token })).body.data.items,
    ).toEqual([expect.objectContaining({ id: aRule!.id }), expect.objectContaining({ multiplier: "0" })]);
    const bStaff = await f.staffOf(b.token, `rules-staff-b-${Date.now()}@example.com`);
    expect(
      (await t.get<{ items: CategoryRule[] }>("/category-rule-list", { token: bStaff.token })).body.data.items,
    ).toEqual([]);
    expectError(
      await t.get("/category-rule-list", { token: bStaff.token, query: { reward_id: String(a.reward.id) } }),
      404,
    );
    const rule = { product_category_id: a.pastries.id, reward_id: a.reward.id, multiplier: "5" };
    expectError(await saveRule(staff.token, rule), 403);
    expectError(await t.post("/category-rule-delete", { id: aRule!.id }, { token: staff.token }), 403);
    expect((await t.post("/category-rule-save", rule)).statusCode).toBe(401);
    expect((await t.get("/category-rule-list")).statusCode).toBe(401);
    expect((await t.get<{ items: CategoryRule[] }>("/category-rule-list", { token: a.token })).body.data.items).toEqual(
      [expect.objectContaining({ id: aRule!.id, multiplier: "2" }), expect.objectContaining({ multiplier: "0" })],
    );
    // B's staff cannot split a scan by A's category either.
    const res = await t.post(
      "/qr-code-scanner",
      { code: a.joined.card.serial, amount: "10.00", lines: [{ product_category_id: a.pastries.id, amount: "5.00" }] },
      { token: b.token },
    );
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(await balanceOf(a.joined.card.serial)).toBe(0);
  });
});

describe("the till earns per line", () => {
  it("Shopify: pastry lines by SKU or product id earn double, gift cards nothing, the rest (and shipping) at the base rate; a refund prorates", async () => {
    const b = await bakery();
    const added = await t.post<{ id: number; webhook_url: string }>(
      "/pos-connection-add",
      { business_id: b.business.id, provider: "shopify", secret: "shpss" },
      { token: b.token },
    );
    const shop = shopifySender(t, added.body.data, "shpss");
    // 2 croissants at 3.00 less 1.00 (5.00, ×2 = 10), a product 4711 at 4.00 (×2 = 8), a gift card
    // at 20.00 (0), bread at 6.00 and 2.00 of shipping (8).
    const paid = await shop.paid({
      id: 7001,
      total: "37.00",
      email: b.joined.email,
      lines: [
        { sku: "CROISSANT", product_id: 1, price: "3.00", quantity: 2, discount: "1.00" },
        { sku: null, product_id: 4711, price: "4.00" },
        { sku: "GIFT", price: "20.00" },
        { sku: "BREAD", product_id: 2, price: "6.00" },
      ],
    });
    expect(paid.body.data).toEqual({ outcome: "earned" });
    expect(await balanceOf(b.joined.card.serial)).toBe(26);

    // An order without line items earns on its total, as before.
    await shop.paid({ id: 7002, total: "10.00", email: b.joined.email });
    expect(await balanceOf(b.joined.card.serial)).toBe(36);

    // Half of the first order refunded takes back half of what it earned.
    await shop.refund(7001, { amounts: ["18.50"] });
    expect(await balanceOf(b.joined.card.serial)).toBe(23);
  });

  it("a category's items earn at the base rate on a programme without a rule, and a deleted rule stops counting", async () => {
    const b = await bakery();
    const [pastryRule] = (
      await t.get<{ items: CategoryRule[] }>("/category-rule-list", {
        token: b.token,
        query: { product_category_id: String(b.pastries.id) },
      })
    ).body.data.items;
    await t.post("/category-rule-delete", { id: pastryRule!.id }, { token: b.token });
    const added = await t.post<{ id: number; webhook_url: string }>(
      "/pos-connection-add",
      { business_id: b.business.id, provider: "shopify", secret: "shpss" },
      { token: b.token },
    );
    const shop = shopifySender(t, added.body.data, "shpss");
    await shop.paid({ id: 7101, total: "10.00", email: b.joined.email, lines: [{ sku: "CROISSANT", price: "10.00" }] });
    expect(await balanceOf(b.joined.card.serial)).toBe(10);
  });

  it("Square: a payment's order lines come from RetrieveOrder with the connection's token and earn by catalog_object_id", async () => {
    const b = await bakery();
    await t.post(
      "/product-category-add",
      { id: b.pastries.id, name: "Pastries", business_id: b.business.id, item_ids: ["SQ-CROISSANT-VAR"] },
      { token: b.token },
    );
    const added = await t.post<{ id: number; webhook_url: string }>(
      "/pos-connection-add",
      { business_id: b.business.id, provider: "square", secret: "sig", access_token: TOKEN },
      { token: b.token },
    );
    const sender = squareSender(t, added.body.data, "sig");
    square.addOrder("ORDER-1", [
      { catalog_object_id: "SQ-CROISSANT-VAR", quantity: "2", total: 700 },
      { catalog_object_id: "GIFT", total: 1000 },
      { total: 300 },
    ]);
    const res = await sender.payment({ id: "PAY-1", amount: 2000, email: b.joined.email, orderId: "ORDER-1" });
    expect(res.body.data).toEqual({ outcome: "queued" });
    await t.settle();
    // 7.00 of pastries ×2 (14), the gift card 0, 3.00 of the rest (3).
    expect(await balanceOf(b.joined.card.serial)).toBe(17);
    const seen = square.requests.filter((r) => r.path === "/v2/orders/ORDER-1");
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers).toMatchObject({ authorization: `Bearer ${TOKEN}`, "square-version": expect.any(String) });

    // An order Square does not know earns on the payment's amount.
    await sender.payment({ id: "PAY-2", amount: 500, email: b.joined.email, orderId: "NO-SUCH-ORDER" });
    await t.settle();
    expect(await balanceOf(b.joined.card.serial)).toBe(22);
  });
});

describe("the scanner splits an amount by category", () => {
  it("staff split a purchase: each category at its rule, the rest at the base rate", async () => {
    const b = await bakery();
    const staff = await f.staffOf(b.token, `staff-${Date.now()}@example.com`);
    const res = await t.post(
      "/qr-code-scanner",
      {
        code: b.joined.card.serial,
        amount: "30.00",
        lines: [
          { product_category_id: b.pastries.id, amount: "8.00" },
          { product_category_id: b.gifts.id, amount: "10.00" },
        ],
      },
      { token: staff.token },
    );
    expect(res.statusCode).toBe(200);
    // 8.00 ×2 (16), 10.00 ×0, 12.00 at the base rate (12).
    expect(await balanceOf(b.joined.card.serial)).toBe(28);
    const [scan] = await t.query<{ amount: string }>(
      sql`select s.amount::text from scans s join cards c on c.id = s.card_id where c.serial = ${b.joined.card.serial} order by s.id desc limit 1`,
    );
    expect(scan!.amount).toBe("3000");
  });

  it("refuses a split above the amount, without an amount, of an unknown category, and earns nothing", async () => {
    const b = await bakery();
    const scan = (body: Record<string, unknown>) =>
      t.post("/qr-code-scanner", { code: b.joined.card.serial, ...body }, { token: b.token });
    expectInvalid(await scan({ amount: "10.00", lines: [{ product_category_id: b.pastries.id, amount: "10.01" }] }), [
      "lines",
    ]);
    expectInvalid(await scan({ lines: [{ product_category_id: b.pastries.id, amount: "5.00" }] }), ["amount"]);
    expectInvalid(await scan({ amount: "10.00", lines: [{ product_category_id: 99_999, amount: "5.00" }] }), [
      "lines.0.product_category_id",
    ]);
    expectInvalid(await scan({ amount: "10.00", lines: [{ product_category_id: b.pastries.id, amount: "-5" }] }), [
      "lines.0.amount",
    ]);
    expectInvalid(await scan({ amount: "10.00", lines: [{ product_category_id: b.pastries.id, amount: "1.234" }] }), [
      "lines.0.amount",
    ]);
    expectInvalid(
      await scan({
        amount: "10.00",
        lines: Array.from({ length: 21 }, () => ({ product_category_id: b.pastries.id, amount: "0.10" })),
      }),
      ["lines"],
    );
    expect(await balanceOf(b.joined.card.serial)).toBe(0);
  });
});
