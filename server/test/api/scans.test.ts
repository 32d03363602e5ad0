import { sql } from "drizzle-orm";
import type { ScanPage } from "../../../contract/scans";
import type { DashboardDetails } from "../../../contract/dashboard";
import { createTestApp, expectInvalid, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";
import { csvCell } from "../helpers/csv";

jest.setTimeout(30_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

it("lists every join, stamp and redeem with filters and pages, and counts them in the KPIs", async () => {
  const { token, business, qr } = await f.programme({ stamps_required: 2 });
  const other = await f.addBusiness(token, { business_name: "Second shop" });
  await f.addReward(token, other.id);
  const otherQr = await f.generateQr(token, other.id);
  const ann = await f.join(qr.qr_token, { name: "Ann" });
  await f.join(otherQr.qr_token, { name: "Bo" });
  await f.staffScan(token, ann.card.serial); // stamp → 2 of 2
  await f.staffScan(token, ann.card.serial); // redeem
  // One event last week, outside "today".
  await t.query(
    sql`update scans set created_at = now() - interval '7 days' where id = (select min(id) from scans where user_id = (select user_id from businesses where id = ${business.id}))`,
  );

  const all = await t.get<ScanPage>("/scan-list", { token, query: { per_page: "3" } });
  expect(all.body.data).toMatchObject({ page: 1, per_page: 3, has_more: true });
  expect(all.body.data).not.toHaveProperty("total");
  expect(all.body.data.items.map((s) => s.kind)).toEqual(["redeem", "stamp", "join"]);
  expect(all.body.data.items[0]).toMatchObject({
    customer_name: "Ann",
    business_name: "Blue Bean Café",
    staff_name: "Direct User",
    stamps_after: 0,
    programme: "stamps",
    balance_after_text: "0 stamps",
    amount: null,
  });
  const joins = await t.get<ScanPage>("/scan-list", { token, query: { kind: "join" } });
  expect(joins.body.data.items.map((s) => s.customer_name)).toEqual(["Bo", "Ann"]);
  const shop = await t.get<ScanPage>("/scan-list", { token, query: { business_id: String(other.id) } });
  expect(shop.body.data.items).toHaveLength(1);
  const today = new Date().toISOString().slice(0, 10);
  const dated = await t.get<ScanPage>("/scan-list", { token, query: { from: today, to: today } });
  expect(dated.body.data.items).toHaveLength(3);
  expectInvalid(await t.get("/scan-list", { token, query: { kind: "nope" } }), ["kind"]);
  expectInvalid(await t.get("/scan-list", { token, query: { from: "2025-02-31x" } }), ["from"]);
  expectInvalid(await t.get("/scan-list", { token, query: { from: "2025-03-02", to: "2025-03-01" } }), ["to"]);

  const kpis = (await t.get<DashboardDetails>("/dashboard-details", { token })).body.data;
  expect(kpis).toMatchObject({ qr_codes: 2, customers: 2, stamps_today: 2, stamps_30_days: 3, rewards_redeemed: 1 });
  expect(kpis.series).toHaveLength(30);
  expect(kpis.series.at(-1)).toEqual({ date: today, stamps: 2, customers: 1 });
  expect(kpis.series.reduce((n, d) => n + d.customers, 0)).toBe(2);

  const csv = await t.get("/scan-export", { token, query: { kind: "join" } });
  expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
  expect(csv.headers["content-disposition"]).toMatch(/^attachment; filename="scans.csv"/);
  const lines = csv.text
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines[0]).toBe(
    "time,kind,customer,email,card,business,location,staff,stamps after,programme,amount,currency,balance after,actor",
  );
  expect(lines.slice(1).map((l) => l.split(",")[2])).toEqual(["Bo", "Ann"]);
});

it("escapes CSV cells and neutralises formulas", async () => {
  expect(csvCell("plain")).toBe("plain");
  expect(csvCell('say "hi", then')).toBe('"say ""hi"", then"');
  expect(csvCell("two\nlines")).toBe('"two\nlines"');
  expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
  for (const start of ["+1", "-2", "@SUM(A1)", "\tx"])
    expect(csvCell(start).replace(/^"/, "").startsWith("'")).toBe(true);
  expect(csvCell(-3)).toBe("-3");
  expect(csvCell(null)).toBe("");

  const { qr, token } = await f.programme();
  await f.join(qr.qr_token, { name: "=cmd|' /C calc'!A0" });
  const csv = await t.get("/scan-export", { token });
  expect(csv.text).toContain(`"'=cmd|' /C calc'!A0"`.replace(/^"|"$/g, ""));
});

// The export's cells are written by PostgreSQL (scan-export.ts): each must be the cell csv-stringify
// wrote before, whatever the text (edge spaces of every kind, formula starts, quotes, line breaks).
const HOSTILE_TEXTS = [
  "plain",
  'say "hi", then',
  "two\nlines",
  "carriage\rreturn",
  "windows\r\nline",
  '=HYPERLINK("x")',
  "+1",
  "-2",
  "@SUM(A1)",
  "\tx",
  "\rx",
  " lead",
  "trail ",
  "\u00a0no-break",
  "no-break\u00a0",
  "\u3000ideographic",
  "line-separator\u2028",
  "\ufeffbom",
  "\uff1dwide-equals",
  "\uff0bwide-plus",
  "\uff0dwide-minus",
  "\uff20wide-at",
  "it's",
  "'quoted'",
  "ünïcödé 🎉 café",
  "",
  "a,b@example.com",
];

it("writes every cell of the export as csv-stringify did, on either database", async () => {
  const { qr, token, business } = await f.programme();
  const address = await f.addAddress(token, business.id, { address: "1 Export Lane" });
  for (const _ of HOSTILE_TEXTS) await f.join(qr.qr_token);
  const joins = (await t.get<ScanPage>("/scan-list", { token, query: { per_page: "100" } })).body.data.items;
  // Oldest first, so text i belongs to the i-th join; the email gets another text.
  const texts = new Map<string, [string, string]>();
  for (const [i, scan] of [...joins].reverse().entries()) {
    const text = HOSTILE_TEXTS[i]!;
    const other = HOSTILE_TEXTS[HOSTILE_TEXTS.length - 1 - i]!;
    texts.set(scan.serial, [text, other]);
    await t.query(sql`update customers set name = ${text}, email = ${other}
      where id = (select customer_id from cards where serial = ${scan.serial})`);
    await t.query(sql`update scans set address_id = ${address.id}, stamps_after = ${-i} where id = ${scan.id}`);
  }
  await t.query(sql`update businesses set business_name = ${' =Café, "the" '} where id = ${business.id}`);
  await t.query(sql`update addresses set address = ${"\t1 Lane\n2nd floor"} where id = ${address.id}`);

  const list = (await t.get<ScanPage>("/scan-list", { token, query: { per_page: "100" } })).body.data.items;
  expect(list).toHaveLength(HOSTILE_TEXTS.length);
  const expected = list.map((s) =>
    [
      s.created_at,
      s.kind,
      ...texts.get(s.serial)!, // as stored (the JSON of scan-list is not the reference)
      s.serial,
      s.business_name,
      s.location,
      s.staff_name,
      s.stamps_after,
      // The programme columns: a stamp programme, no amount, no currency, the stamps after.
      "stamps",
      null,
      null,
      s.stamps_after,
      s.actor.kind,
    ]
      .map(csvCell)
      .join(","),
  );
  const res = await t.get("/scan-export", { token });
  expect(res.statusCode).toBe(200);
  expect(res.text).toBe(
    `\uFEFFtime,kind,customer,email,card,business,location,staff,stamps after,programme,amount,currency,balance after,actor\r\n${expected.join("\r\n")}\r\n`,
  );
  expect(res.text).toContain(",'\uff1dwide-equals,"); // neutralised
});
