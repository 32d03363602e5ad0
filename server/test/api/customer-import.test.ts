import { sql } from "drizzle-orm";
import type { CustomerImportPreview, CustomerImportStatus } from "../../../contract/customer-import";
import type { CardHistory } from "../../../contract/cards";
import type { CustomerList } from "../../../contract/customers";
import { createTestApp, expectError, type TestApp } from "../helpers/app";
import { multipart } from "../helpers/dashboard";
import { loyaltyFixtures } from "../helpers/loyalty";

// Bringing customers in from a CSV: the preview's checks, the job's customers and cards, and a
// second run that changes nothing.
jest.setTimeout(120_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

const upload = async (
  token: string,
  businessId: number,
  file: string | Buffer,
  fields: Record<string, string> = {},
) => {
  const body = await multipart({
    business_id: String(businessId),
    ...fields,
    file: {
      data: typeof file === "string" ? Buffer.from(file, "utf8") : file,
      filename: "customers.csv",
      type: "text/csv",
    },
  });
  return t.post<CustomerImportPreview>("/customer-import-preview", undefined, { token, ...body });
};

const preview = async (token: string, businessId: number, file: string | Buffer) => {
  const res = await upload(token, businessId, file);
  if (res.statusCode !== 200) throw new Error(`customer-import-preview: ${res.statusCode} ${res.text}`);
  return res.body.data;
};

const run = async (token: string, importId: number) => {
  const res = await t.post<CustomerImportStatus>("/customer-import", { import_id: importId }, { token });
  if (res.statusCode !== 200) throw new Error(`customer-import: ${res.statusCode} ${res.text}`);
  await t.settle();
  return (
    await t.get<CustomerImportStatus>("/customer-import-status", { token, query: { import_id: String(importId) } })
  ).body.data;
};

const count = async (
  table: "customers" | "cards" | "card_events" | "customer_imports" | "customer_import_rows",
  ownerId?: number,
) =>
  (
    await t.query<{ n: number }>(
      ownerId === undefined || table.startsWith("customer_import")
        ? sql`select count(*)::int as n from ${sql.identifier(table)}`
        : sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${ownerId}`,
    )
  )[0]!.n;

const ownerIdOf = async (p: { business: { id: number } }) =>
  (await t.query<{ user_id: number }>(sql`select user_id from businesses where id = ${p.business.id}`))[0]!.user_id;

const FILE = [
  "Name,Email,Phone,Birthday,Points,consent_email,consent_sms,joined_at",
  "Ann Archer,ann@example.com,020 7946 0011,1990-04-02,7,yes,no,2024-01-15",
  "Ben Baker,ben@example.com,,,,no,no,",
  "Cat Cole,cat@example.com,+44 20 7946 0022,,3,no,yes,",
].join("\n");

describe("customer-import-preview", () => {
  it("reads a comma file with a BOM, proposes the mapping from its header and counts its rows", async () => {
    const p = await f.programme();
    const data = await preview(p.token, p.business.id, `\uFEFF${FILE}`);
    expect(data.header[0]).toBe("Name");
    expect(data.mapping).toEqual({
      name: 0,
      email: 1,
      phone: 2,
      birthday: 3,
      balance: 4,
      consent_email: 5,
      consent_sms: 6,
      joined_at: 7,
    });
    expect(data).toMatchObject({ total_rows: 3, good_rows: 3, bad_row_count: 0, bad_rows: [] });
  });

  it("reads a semicolon file, and answers each bad row with its line and reason", async () => {
    const p = await f.programme();
    const file = [
      "Nom;Courriel;Téléphone;Points",
      "Ann;ann@example.com;020 7946 0011;4",
      "Bad mail;not-an-email;;",
      "No phone;np@example.com;call me maybe;",
      "Minus;minus@example.com;;-3",
      ";;;",
      "Ann again;ANN@example.com;;",
      "=cmd;formula@example.com;;1",
    ].join("\r\n");
    const data = await preview(p.token, p.business.id, file);
    expect(data.mapping).toMatchObject({ name: 0, email: 1, phone: 2, balance: 3 });
    expect(data).toMatchObject({ total_rows: 7, good_rows: 2, bad_row_count: 5 });
    expect(data.bad_rows).toEqual([
      { line: 3, reason: "The email address is not valid." },
      { line: 4, reason: "The phone is not a phone number." },
      { line: 5, reason: "The balance is not a whole number from 0 to 1,000,000." },
      { line: 6, reason: "The email address is missing." },
      { line: 7, reason: "The same customer is on an earlier line of the file." },
    ]);
  });

  it("answers the bad rows' reasons in the request's language", async () => {
    const p = await f.programme();
    const body = await multipart({
      business_id: String(p.business.id),
      file: { data: Buffer.from("email,phone\nx@example.com,12\n"), filename: "c.csv", type: "text/csv" },
    });
    const res = await t.post<CustomerImportPreview>("/customer-import-preview", undefined, {
      token: p.token,
      ...body,
      headers: { "accept-language": "fr" },
    });
    expect(res.body.data.bad_rows).toEqual([{ line: 2, reason: "Le téléphone n’est pas un numéro de téléphone." }]);
  });

  it("refuses a file that is not UTF-8 with 422 and writes nothing", async () => {
    const p = await f.programme();
    const before = await count("customer_imports");
    const latin1 = Buffer.from("name,email\nJosé Müller,jose@example.com\n", "latin1");
    const res = await upload(p.token, p.business.id, latin1);
    expectError(res, 422, /not UTF-8/);
    expect(await count("customer_imports")).toBe(before);
  });

  it("refuses a file over 20 MB with 413 and writes nothing", async () => {
    const p = await f.programme();
    const before = await count("customer_imports");
    const line = `${"x".repeat(1024 * 1024)},someone@example.com\n`;
    const big = "name,email\n" + line.repeat(21);
    const res = await upload(p.token, p.business.id, big);
    expectError(res, 413, /20 MB/);
    expect(await count("customer_imports")).toBe(before);
  });

  it("refuses a 50 MB file with the 20 MB limit's words and writes nothing", async () => {
    const p = await f.programme();
    const before = await count("customer_imports");
    const line = `${"x".repeat(1024 * 1024)},someone@example.com\n`;
    const res = await upload(p.token, p.business.id, "name,email\n" + line.repeat(50));
    expectError(res, 413, /20 MB/);
    expect(await count("customer_imports")).toBe(before);
  });

  it("refuses UTF-16 and Windows-1252 files with 422 and writes nothing", async () => {
    const p = await f.programme();
    const before = await count("customer_imports");
    const text = "name,email\nJosé Müller,jose@example.com\n";
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
    expectError(await upload(p.token, p.business.id, utf16), 422, /not UTF-8/);
    // A Windows-1252 curly quote (0x92) alone on an otherwise ASCII line.
    const cp1252 = Buffer.concat([
      Buffer.from("name,email\nO"),
      Buffer.from([0x92]),
      Buffer.from("Neil,o@example.com\n"),
    ]);
    expectError(await upload(p.token, p.business.id, cp1252), 422, /not UTF-8/);
    expect(await count("customer_imports")).toBe(before);
  });

  it("reads quoted cells holding the other delimiter, and reports each phone that is not a phone by line", async () => {
    const p = await f.programme();
    const comma = [
      "name,email,phone",
      '"Archer; Ann",ann@example.com,12',
      '"Baker, Ben",ben@example.com,020 7946 0011',
    ];
    const semi = [
      "\uFEFFname;email;phone",
      '"Cole, Cat";cat@example.com;not a phone',
      '"Dee; Dan";dan@example.com;+44 20 7946 0022',
    ];
    for (const lines of [comma, semi]) {
      const data = await preview(p.token, p.business.id, lines.join("\r\n"));
      expect(data.header).toEqual(["name", "email", "phone"]);
      expect(data).toMatchObject({ total_rows: 2, good_rows: 1, bad_row_count: 1 });
      expect(data.bad_rows).toEqual([{ line: 2, reason: "The phone is not a phone number." }]);
    }
    const status = await run(p.token, (await preview(p.token, p.business.id, semi.join("\n"))).import_id);
    expect(status).toMatchObject({ added_customers: 1, added_cards: 1, bad_row_count: 1 });
    const list = (await t.get<CustomerList>("/customer-list", { token: p.token })).body.data;
    expect(list.items.map((c) => c.name)).toEqual(["Dee; Dan"]);
  });

  it("stages every line of a file of several parts once, a duplicate refused across parts", async () => {
    const p = await f.programme();
    const lines = ["name,email"];
    for (let n = 1; n <= 12_000; n++) lines.push(`Part ${n},part${n === 11_000 ? 3 : n}@example.com`);
    const data = await preview(p.token, p.business.id, lines.join("\n"));
    expect(data).toMatchObject({ total_rows: 12_000, good_rows: 11_999, bad_row_count: 1 });
    expect(data.bad_rows).toEqual([{ line: 11_001, reason: expect.any(String) }]);
    const staged = await t.query<{ n: number; lines: number; serials: number; bad: number }>(
      sql`select count(*)::int as n, count(distinct line)::int as lines, count(distinct serial)::int as serials,
        count(error)::int as bad from customer_import_rows where import_id = ${data.import_id}`,
    );
    expect(staged).toEqual([{ n: 12_000, lines: 12_000, serials: 12_000, bad: 1 }]);
  });

  it("refuses a file without rows, and another owner's business", async () => {
    const p = await f.programme();
    const other = await f.programme();
    expectError(await upload(p.token, p.business.id, "name,email\n"), 422);
    const before = await count("customer_imports");
    expectError(await upload(other.token, p.business.id, FILE), 404);
    expect(await count("customer_imports")).toBe(before);
  });

  it("is the owner's: staff are refused", async () => {
    const p = await f.programme();
    const staff = await f.staffOf(p.token, `staff-${Date.now()}@example.com`);
    expectError(await upload(staff.token, p.business.id, FILE), 403);
    const body = await multipart({
      business_id: String(p.business.id),
      file: { data: Buffer.from(FILE), filename: "c.csv", type: "text/csv" },
    });
    expectError(await t.post("/customer-import-preview", undefined, body), 401);
  });
});

describe("customer-import", () => {
  it("imports customers and cards with their balances, history 'Imported', consent and join date", async () => {
    const p = await f.programme({ stamps_required: 10 });
    const ownerId = await ownerIdOf(p);
    const data = await preview(p.token, p.business.id, FILE);
    const status = await run(p.token, data.import_id);
    expect(status).toMatchObject({
      status: "done",
      good_rows: 3,
      processed_rows: 3,
      added_customers: 3,
      added_cards: 3,
      unchanged_rows: 0,
      bad_row_count: 0,
    });

    const list = (await t.get<CustomerList>("/customer-list", { token: p.token })).body.data;
    const ann = list.items.find((c) => c.email === "ann@example.com")!;
    expect(ann).toMatchObject({ name: "Ann Archer", stamps: 7, phone: "020 7946 0011" });
    expect(ann.first_visit_at.slice(0, 10)).toBe("2024-01-15");
    const history = (await t.get<CardHistory>("/card-history", { token: p.token, query: { serial: ann.serial } })).body
      .data;
    expect(history.items).toHaveLength(1);
    expect(history.items[0]).toMatchObject({ kind: "import", delta: 7, stamps_after: 7 });

    const [annRow] = await t.query<{ phone_e164: string; birthday: string }>(
      sql`select phone_e164, birthday::text from customers where user_id = ${ownerId} and email = 'ann@example.com'`,
    );
    expect(annRow).toEqual({ phone_e164: "+442079460011", birthday: "1990-04-02" });
    const consent = await t.query<{
      email: string;
      consent_email_source: string | null;
      consent_sms_source: string | null;
    }>(
      sql`select cu.email, ca.consent_email_source, ca.consent_sms_source from cards ca
          join customers cu on cu.id = ca.customer_id where ca.user_id = ${ownerId} order by cu.email`,
    );
    expect(consent).toEqual([
      { email: "ann@example.com", consent_email_source: "import", consent_sms_source: null },
      { email: "ben@example.com", consent_email_source: null, consent_sms_source: null },
      { email: "cat@example.com", consent_email_source: null, consent_sms_source: "import" },
    ]);
    const invites = await t.query<{ line: number; invite: string | null }>(
      sql`select line, invite from customer_import_rows where import_id = ${data.import_id} order by line`,
    );
    expect(invites).toEqual([
      { line: 2, invite: "email" },
      { line: 3, invite: null },
      { line: 4, invite: "sms" },
    ]);
  });

  it("sends the 'your card' mail to the rows that said yes to email, once per card however often it runs", async () => {
    const p = await f.programme();
    const file = FILE.replaceAll("@example.com", "@invite.example.com");
    await run(p.token, (await preview(p.token, p.business.id, file)).import_id);
    const ann = await t.mailsTo("ann@invite.example.com");
    expect(ann).toHaveLength(1);
    expect(ann[0]!.subject).toContain(p.business.business_name);
    expect(await t.mailsTo("ben@invite.example.com")).toHaveLength(0);
    expect(await t.mailsTo("cat@invite.example.com")).toHaveLength(0);
    await run(p.token, (await preview(p.token, p.business.id, file)).import_id);
    expect(await t.mailsTo("ann@invite.example.com")).toHaveLength(1);
  });

  it("adds nothing and changes nothing when the same file runs again", async () => {
    const p = await f.programme();
    const ownerId = await ownerIdOf(p);
    await run(p.token, (await preview(p.token, p.business.id, FILE)).import_id);
    const snapshot = () =>
      t.query(sql`select ca.id, ca.stamps, ca.created_at, ca.updated_at, cu.name from cards ca
        join customers cu on cu.id = ca.customer_id where ca.user_id = ${ownerId} order by ca.id`);
    const before = await snapshot();
    const events = await count("card_events", ownerId);

    const again = await run(p.token, (await preview(p.token, p.business.id, FILE)).import_id);
    expect(again).toMatchObject({ status: "done", added_customers: 0, added_cards: 0, unchanged_rows: 3 });
    expect(await snapshot()).toEqual(before);
    expect(await count("card_events", ownerId)).toBe(events);
    // Asking to run an import that already ran queues nothing more.
    const id = again.import_id;
    expect(await run(p.token, id)).toMatchObject({ added_cards: 0, unchanged_rows: 3 });
  });

  it("finds a customer by phone digits, and reports a row whose email and phone are two customers'", async () => {
    const p = await f.programme();
    const ownerId = await ownerIdOf(p);
    const dan = await f.join(p.qr.qr_token, { name: "Dan", email: "dan@example.com", phone: "020 7946 0033" });
    await f.join(p.qr.qr_token, { name: "Eve", email: "eve@example.com" });
    await f.join(p.qr.qr_token, { name: "Fay", email: "fay@example.com", phone: "020 7946 0044" });
    const file = [
      "name,email,phone,balance",
      "Dan New Mail,dan.new@example.com,+44 20 7946 0033,5",
      "Eve,eve@example.com,020 7946 0044,5",
    ].join("\n");
    const data = await preview(p.token, p.business.id, file);
    const status = await run(p.token, data.import_id);
    expect(status).toMatchObject({ added_customers: 0, added_cards: 0, unchanged_rows: 1, bad_row_count: 1 });
    expect(status.bad_rows).toEqual([
      { line: 3, reason: "The email and the phone belong to two different customers: not imported." },
    ]);
    // Dan kept his card as it was; nobody new.
    expect(await count("customers", ownerId)).toBe(3);
    const [card] = await t.query<{ stamps: number }>(sql`select stamps from cards where serial = ${dan.card.serial}`);
    expect(card!.stamps).toBe(dan.card.stamps);
  });

  it("imports a file of several batches, bad lines and customers already there among them, each row once", async () => {
    const p = await f.programme();
    const ownerId = await ownerIdOf(p);
    for (const n of [7, 1500, 2400]) await f.join(p.qr.qr_token, { name: `Had ${n}`, email: `many${n}@example.com` });
    const lines = ["name,email,balance"];
    for (let n = 1; n <= 2500; n++)
      lines.push(n % 500 === 250 ? `Bad ${n},not-an-email,1` : `Many ${n},many${n}@example.com,${n % 7}`);
    const data = await preview(p.token, p.business.id, lines.join("\n"));
    expect(data).toMatchObject({ good_rows: 2495, bad_row_count: 5 });
    const status = await run(p.token, data.import_id);
    expect(status).toMatchObject({
      status: "done",
      processed_rows: 2495,
      added_customers: 2492,
      added_cards: 2492,
      unchanged_rows: 3,
      bad_row_count: 5,
    });
    expect(status.bad_rows.map((row) => row.line)).toEqual([251, 751, 1251, 1751, 2251]);
    const [counts] = await t.query<{ customers: number; cards: number; history: number; balance: number }>(
      sql`select (select count(*) from customers where user_id = ${ownerId})::int as customers,
        (select count(*) from cards where user_id = ${ownerId})::int as cards,
        (select count(*) from card_events where user_id = ${ownerId} and kind = 'import')::int as history,
        (select sum(stamps) from cards where user_id = ${ownerId} and customer_id in
          (select id from customers where user_id = ${ownerId} and name like 'Many %'))::int as balance`,
    );
    const balance = [...Array(2501).keys()]
      .filter((n) => n > 0 && n % 500 !== 250 && ![7, 1500, 2400].includes(n))
      .reduce((sum, n) => sum + (n % 7), 0);
    expect(counts).toEqual({ customers: 2495, cards: 2495, history: 2492, balance });
    const rows = await t.query<{ outcome: string | null; n: number }>(
      sql`select outcome, count(*)::int as n from customer_import_rows where import_id = ${data.import_id}
        group by outcome order by outcome`,
    );
    expect(rows).toEqual([
      { outcome: "added", n: 2492 },
      { outcome: "existing", n: 3 },
      { outcome: null, n: 5 },
    ]);

    const again = await run(p.token, (await preview(p.token, p.business.id, lines.join("\n"))).import_id);
    expect(again).toMatchObject({ processed_rows: 2495, added_customers: 0, added_cards: 0, unchanged_rows: 2495 });
    expect(await count("cards", ownerId)).toBe(2495);
  });

  it("answers 404 for another owner's import, and refuses staff", async () => {
    const p = await f.programme();
    const other = await f.programme();
    const data = await preview(p.token, p.business.id, FILE);
    expectError(await t.post("/customer-import", { import_id: data.import_id }, { token: other.token }), 404);
    expectError(
      await t.get("/customer-import-status", { token: other.token, query: { import_id: String(data.import_id) } }),
      404,
    );
    const staff = await f.staffOf(p.token, `staff-${Date.now()}@example.com`);
    expectError(await t.post("/customer-import", { import_id: data.import_id }, { token: staff.token }), 403);
    expectError(await t.post("/customer-import", { import_id: data.import_id }), 401);
    expectError(await t.get("/customer-import-status", { query: { import_id: String(data.import_id) } }), 401);
    expect(await count("customers", await ownerIdOf(p))).toBe(0);
  });
});
