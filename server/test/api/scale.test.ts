import { sql } from "drizzle-orm";
import { calls } from "../../../contract/calls";
import type { DashboardDetails } from "../../../contract/dashboard";
import type { Paginated } from "../../../contract/pagination";
import type { QrCode } from "../../../contract/qr-codes";
import type { ScanPage } from "../../../contract/scans";
import { COPY_SETTINGS, copyQuery } from "../../src/modules/loyalty/scans/scan-export";

/** More rows than one network chunk of the COPY holds. */
const EXPORT_ROWS = 500;
import { csvCell } from "../helpers/csv";
import { createTestApp, expectError, expectInvalid, type TestApp } from "../helpers/app";
import { multipart } from "../helpers/dashboard";
import { loyaltyFixtures } from "../helpers/loyalty";

// Lists that page by keyset, a streamed export, KPIs in the business's time zone from the
// rollup, the QR list's counts, page sizes bounded, wallet-recover by owner, statements cut short.
jest.setTimeout(60_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

/** `n` more scans of a card, all at the same instant (SQL: the API cannot make equal times). */
async function copies(scanId: number, n: number, at = sql`now() - interval '1 hour'`, kind = "stamp") {
  await t.query(sql`
    insert into scans (user_id, business_id, card_id, kind, stamps_after, created_at)
    select user_id, business_id, card_id, ${kind}, g, ${at}
    from scans, generate_series(1, ${n}) g where id = ${scanId}`);
}

async function firstScanId(ownerToken: string) {
  const page = await t.get<ScanPage>("/scan-list", { token: ownerToken });
  return page.body.data.items.at(-1)!.id;
}

describe("scan-list by cursor", () => {
  it("pages through equal timestamps without a duplicate or a gap, the same as by page", async () => {
    const { token, qr } = await f.programme();
    await f.join(qr.qr_token);
    await copies(await firstScanId(token), 45);

    const seen: number[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const query: Record<string, string> = { per_page: "10", ...(cursor ? { cursor } : {}) };
      const res = await t.get<ScanPage>("/scan-list", { token, query });
      expect(res.statusCode).toBe(200);
      seen.push(...res.body.data.items.map((s) => s.id));
      expect(res.body.data.has_more).toBe(res.body.data.next_cursor !== null);
      cursor = res.body.data.next_cursor;
      if (!cursor) break;
    }
    const all = (
      await t.query<{ id: number }>(
        sql`select id from scans where user_id = (select user_id from scans where id = ${seen[0]!}) order by created_at desc, id desc`,
      )
    ).map((r) => Number(r.id));
    expect(seen).toHaveLength(46);
    expect(new Set(seen).size).toBe(46);
    expect(seen).toEqual(all);

    // The page parameter gives the same rows in the same order.
    const byPage: number[] = [];
    for (let page = 1; page <= 5; page++) {
      const res = await t.get<ScanPage>("/scan-list", { token, query: { per_page: "10", page: String(page) } });
      byPage.push(...res.body.data.items.map((s) => s.id));
      expect(res.body.data.has_more).toBe(page < 5);
    }
    expect(byPage).toEqual(all);
  });

  it("keeps filters with the cursor and refuses a made-up cursor or a page deeper than the offset limit", async () => {
    const { token, qr } = await f.programme();
    await f.join(qr.qr_token);
    const id = await firstScanId(token);
    await copies(id, 7, sql`now() - interval '2 hours'`, "redeem");
    await copies(id, 5, sql`now() - interval '2 hours'`, "stamp");
    const first = await t.get<ScanPage>("/scan-list", { token, query: { kind: "redeem", per_page: "4" } });
    const rest = await t.get<ScanPage>("/scan-list", {
      token,
      query: { kind: "redeem", per_page: "4", cursor: first.body.data.next_cursor! },
    });
    expect([...first.body.data.items, ...rest.body.data.items].map((s) => s.kind)).toEqual(Array(7).fill("redeem"));
    expect(rest.body.data).toMatchObject({ has_more: false, next_cursor: null });

    for (const cursor of ["nope!", Buffer.from("2026-01-01T00:00:00.000000Z/0").toString("base64url"), "A".repeat(200)])
      expectInvalid(await t.get("/scan-list", { token, query: { cursor } }), ["cursor"]);
    expectInvalid(await t.get("/scan-list", { token, query: { page: "501", per_page: "20" } }), ["page"]);
    expect((await t.get("/scan-list", { token, query: { page: "500", per_page: "20" } })).statusCode).toBe(200);
  });
});

describe("list maximums", () => {
  it("refuses a page larger than the call's declared maximum on every paged list (422)", async () => {
    const { token } = await f.programme();
    let checked = 0;
    for (const call of Object.values(calls)) {
      // Paged lists (Apple's serials list has its own protocol, no page size).
      if (!("list" in call) || !("query" in call) || call.path.includes(":")) continue;
      // The page size is `per_page`, or `limit` for the keyset-paged customer directory; a list of
      // fixed length (automation-list: one row a kind) takes none.
      const keys = Object.keys((call.query as unknown as { shape?: object }).shape ?? {});
      const field = ["per_page", "limit"].find((key) => keys.includes(key));
      if (!field) continue;
      const res = await t.get(call.path, { token, query: { [field]: String(call.list.max + 1) } });
      expectInvalid(res, [field]);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(9);
  });
});

describe("scan-export", () => {
  it("streams every row across batches, quoted by the CSV library, with formulas neutralised", async () => {
    const { token, qr } = await f.programme();
    const joined = await f.join(qr.qr_token, { name: "Quote Customer" });
    await t.query(
      sql`update customers set name = ${'=HYPERLINK("http://x", "click")'}, email = ${"a,b@example.com"} where lower(email) = lower(${joined.email})`,
    );
    await copies(await firstScanId(token), EXPORT_ROWS + 20);

    const res = await t.get("/scan-export", { token });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    // Streamed: no length known up front.
    expect(res.headers["content-length"]).toBeUndefined();
    const lines = res.text.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines.at(-1)).toBe("");
    expect(lines[0]).toBe(
      "time,kind,customer,email,card,business,location,staff,stamps after,programme,amount,currency,balance after,actor",
    );
    const rows = lines.slice(1, -1);
    expect(rows).toHaveLength(EXPORT_ROWS + 21);
    expect(new Set(rows).size).toBe(rows.length); // stamps_after differs on every copy: no row twice
    for (const row of rows) {
      expect(row).toContain(`"'=HYPERLINK(""http://x"", ""click"")","a,b@example.com",${joined.card.serial}`);
    }
    expect(rows[0]).toMatch(/,join,/); // newest first: the join, then the copies an hour older
  });

  it("writes each scan as scan-list shows it: the time to the millisecond, holder, business, location, staff", async () => {
    const { token, business, reward } = await f.programme({ cooldown_minutes: 0 });
    const address = await f.addAddress(token, business.id, { address: "1 Export Lane, Flat 2" });
    const qr = await f.generateQr(token, business.id, { reward_id: reward.id, address_id: address.id });
    const joined = await f.join(qr.qr_token, { name: "Export Customer" });
    expect((await f.staffScan(token, joined.card.serial)).statusCode).toBe(200);
    // The export reads raw rows (its own statement, not the list's): the times must still agree,
    // truncated to the millisecond as a Date is, never rounded up.
    const joinId = await firstScanId(token);
    await t.query(sql`update scans set created_at = '2026-01-02 03:04:05.678999+00' where id = ${joinId}`);

    const list = (await t.get<ScanPage>("/scan-list", { token })).body.data.items;
    expect(list.map((s) => s.kind)).toEqual(["stamp", "join"]);
    expect(list[1]!.created_at).toBe("2026-01-02T03:04:05.678Z");
    const expected = list.map((s) =>
      [
        s.created_at,
        s.kind,
        s.customer_name,
        s.customer_email,
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
    expect(list[0]!.staff_name).toBeTruthy(); // the owner stamped the card
    expect(list[1]!.location).toBe("1 Export Lane, Flat 2");

    const res = await t.get("/scan-export", { token });
    expect(
      res.text
        .replace(/^\uFEFF/, "")
        .split("\r\n")
        .slice(1, -1),
    ).toEqual(expected);
  });
});

describe("scan-export on PostgreSQL", () => {
  it("streams one COPY, held back by its reader, and ends it when the reader leaves", async () => {
    const database = t.testDatabase!.database;
    const marker = `export-${Date.now()}`;
    const copying = async () =>
      Number(
        (
          await t.query<{ n: string }>(
            sql`select count(*) as n from pg_stat_activity where query like ${`copy (select '${marker}'%`}`,
          )
        )[0]!.n,
      );
    // 100 MB if read whole: the reader takes one chunk, then stops reading.
    const rows = await database.copyTextColumn(
      `select '${marker}' || repeat('x', 90) || e'\\r\\n' from generate_series(1, 1000000)`,
    );
    const first = (await new Promise((resolve) => rows.once("data", resolve))) as Buffer;
    rows.pause();
    expect(first.toString()).toMatch(new RegExp(`^(${marker}x{90}\\r\\n)+`));
    expect(await copying()).toBe(1); // still running: held back, not read into memory
    rows.destroy();
    for (let tries = 0; (await copying()) > 0; tries++) {
      expect(tries).toBeLessThan(100);
      await new Promise((resolve) => setTimeout(resolve, 50)); // PostgreSQL notices the closed socket
    }
    // The pool still answers (the stopped connection was closed, not given back in COPY mode).
    expect(await t.query(sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });
});

describe("scan-export's COPY plan", () => {
  it("reads in the index's order from the first row: no sort, no JIT, no parallel workers", async () => {
    const { token, qr } = await f.programme();
    await f.join(qr.qr_token);
    await copies(await firstScanId(token), 50);
    const [{ owner }] = (await t.query<{ owner: number }>(
      sql`select user_id as owner from scans order by id desc limit 1`,
    )) as [{ owner: number }];
    const plan = async (settings: Record<string, string>) => {
      const again = await t.testDatabase!.connectAgain();
      try {
        return await again.db.transaction(async (tx) => {
          for (const [name, value] of Object.entries(settings))
            await tx.execute(sql.raw(`set local ${name} = '${value}'`));
          const { rows } = (await tx.execute(sql.raw(`explain ${copyQuery(owner, {})}`))) as unknown as {
            rows: { "QUERY PLAN": string }[];
          };
          return rows.map((r) => r["QUERY PLAN"]).join("\n");
        });
      } finally {
        await again.close();
      }
    };
    // A few rows: left to itself the planner sorts them (the test fails without the settings).
    expect(await plan({})).toMatch(/Sort/);
    const ordered = await plan(COPY_SETTINGS);
    expect(ordered).toMatch(/Index Scan Backward using scans_user_created_idx on scans\b/);
    expect(ordered).not.toMatch(/Sort|Gather|JIT/);
  });
});

describe("dashboard-details in the business's time zone", () => {
  it("counts today from the business's local midnight, not UTC's, and keeps the zone on the business", async () => {
    const token = await f.owner();
    const zone = "Pacific/Kiritimati"; // UTC+14: its day starts at 10:00 UTC the day before
    const business = await f.addBusiness(token, { time_zone: zone });
    expect(business.time_zone).toBe(zone);
    expectInvalid(
      await t.post("/add-business", undefined, {
        token,
        ...(await multipart({ ...BUSINESS, time_zone: "Mars/Olympus" })),
      }),
      ["time_zone"],
    );
    const reward = await f.addReward(token, business.id);
    const qr = await f.generateQr(token, business.id, { reward_id: reward.id });
    await f.join(qr.qr_token); // now: today wherever you are
    const id = await firstScanId(token);
    // A minute either side of the local midnight that began today: only the later one is today.
    // Both fall on one UTC day (10:00 ± 1 min), so UTC days would count 0 or 2 of them, never 1.
    const midnight = sql`(date_trunc('day', now() at time zone ${zone}) at time zone ${zone})`;
    await copies(id, 1, sql`${midnight} + interval '1 minute'`);
    await copies(id, 1, sql`${midnight} - interval '1 minute'`);
    await copies(id, 2, sql`${midnight} - interval '3 days'`, "redeem");

    const kpis = (await t.get<DashboardDetails>("/dashboard-details", { token })).body.data;
    expect(kpis.stamps_today).toBe(2);
    expect(kpis.rewards_redeemed).toBe(2);
    expect(kpis.stamps_30_days).toBe(3);
    const [{ today }] = (await t.query<{ today: string }>(
      sql`select (now() at time zone ${zone})::date::text as today`,
    )) as [{ today: string }];
    expect(kpis.series.at(-1)).toEqual({ date: today, stamps: 2, customers: 1 });
    expect(kpis.series).toHaveLength(30);
  });

  it("keeps the rollup right when scans are deleted or their QR code goes", async () => {
    const { token, qr, business } = await f.programme();
    await f.join(qr.qr_token);
    await f.join(qr.qr_token);
    const before = (await t.get<DashboardDetails>("/dashboard-details", { token })).body.data;
    expect(before.stamps_today).toBe(2);
    expect((await t.post("/delete-qr", { id: qr.id }, { token })).statusCode).toBe(200);
    expect((await t.get<DashboardDetails>("/dashboard-details", { token })).body.data.stamps_today).toBe(2);
    await t.query(sql`delete from scans where id = (select max(id) from scans where business_id = ${business.id})`);
    expect((await t.get<DashboardDetails>("/dashboard-details", { token })).body.data.stamps_today).toBe(1);
  });
});

const BUSINESS = {
  business_name: "Zone Café",
  business_category: "Café and Coffee Shop",
  address: "1 Main Street",
  state: "State",
  city: "City",
  zip_code: "12345",
  country_name: "United Kingdom",
};

describe("list-qrcode", () => {
  it("counts each code's scans (not staff scans) and resolves each row's reward in the list", async () => {
    const { token, business, reward, qr } = await f.programme();
    const second = await f.generateQr(token, business.id, { reward_id: reward.id, label: "Window" });
    const a = await f.join(qr.qr_token, { name: "Ann" });
    await f.join(qr.qr_token);
    await f.join(second.qr_token);
    expect((await f.staffScan(token, a.card.serial)).statusCode).toBe(200);
    const newer = await f.addReward(token, business.id, { title: "Free cake" });

    const list = async () =>
      new Map(
        (await t.get<Paginated<QrCode>>("/list-qrcode", { token })).body.data.items.map((q) => [q.id, q] as const),
      );
    let rows = await list();
    expect(rows.get(qr.id)).toMatchObject({ scans_count: 2, reward_id: reward.id, reward_title: "Free coffee" });
    expect(rows.get(second.id)).toMatchObject({ scans_count: 1, reward_id: reward.id });
    // The reward retired: each row hands over to the business's newest active one.
    expect((await t.post("/remove-reward", { id: reward.id }, { token })).statusCode).toBe(200);
    rows = await list();
    expect(rows.get(qr.id)).toMatchObject({ reward_id: newer.id, reward_title: "Free cake", stamps_required: 5 });
  });
});

describe("wallet-recover", () => {
  it("finds the card of this QR code's owner only", async () => {
    const mine = await f.programme();
    const other = await f.programme();
    const email = `shared-${Date.now()}@example.com`;
    await f.join(other.qr.qr_token, { email });
    // Same email, another owner's business: no card here, so no code is sent.
    const res = await t.post("/wallet-recover", { qr_token: mine.qr.qr_token, email });
    expect(res.statusCode).toBe(200);
    expect(await t.mailsTo(email)).toHaveLength(0);
    await f.join(mine.qr.qr_token, { email });
    await t.post("/wallet-recover", { qr_token: mine.qr.qr_token, email: email.toUpperCase() });
    expect(await t.mailsTo(email)).toHaveLength(1);
  });
});

describe("statement timeout", () => {
  it("cancels a statement that runs too long and answers 503, never 500", async () => {
    // A second API instance whose statements may run 300 ms; a trigger makes the staff scan's
    // statement slow.
    const slow = await t.testDatabase!.connectAgain({ statementTimeoutMs: 300 });
    const instance = await createTestApp({}, { database: slow });
    const { token, qr } = await f.programme();
    const joined = await f.join(qr.qr_token);
    const body = "perform pg_sleep(3);";
    await t.query(
      sql.raw(`create function slow_scan() returns trigger language plpgsql as $$ begin ${body} return null; end $$`),
    );
    await t.query(sql`create trigger slow_scan after insert on scans for each statement execute function slow_scan()`);
    try {
      const res = await instance.post("/qr-code-scanner", { code: joined.card.serial }, { token });
      expectError(res, 503);
      expect(res.headers["retry-after"]).toBe("5");
    } finally {
      await t.query(sql`drop trigger slow_scan on scans`);
      await t.query(sql`drop function slow_scan()`);
      await instance.close();
    }
    // Nothing was written: the cancelled statement's transaction rolled back.
    expect((await f.staffScan(token, joined.card.serial)).body.data).toMatchObject({ stamps: 2 });
  });
});

describe("notification-list", () => {
  it("reads the last page from the oldest end and keeps its total without counting", async () => {
    const token = await f.owner();
    const [{ id }] = (await t.query<{ id: number }>(
      sql`select user_id as id from api_tokens order by id desc limit 1`,
    )) as [{ id: number }];
    await t.query(sql`
      insert into notifications (user_id, kind, title, text)
      select ${id}, 'card_joined', 'New card', 'Entry ' || g from generate_series(1, 25) g`);
    const page = (n: number) =>
      t.get<{ notificationData: { text: string }[]; total: number; last_page: number }>("/notification-list", {
        token,
        query: { page: String(n), per_page: "10" },
      });
    const texts = async (n: number) => (await page(n)).body.data.notificationData.map((e) => e.text);
    expect((await page(1)).body.data).toMatchObject({ total: 25, last_page: 3 });
    expect(await texts(1)).toEqual(Array.from({ length: 10 }, (_, i) => `Entry ${25 - i}`));
    expect(await texts(2)).toEqual(Array.from({ length: 10 }, (_, i) => `Entry ${15 - i}`));
    expect(await texts(3)).toEqual(["Entry 5", "Entry 4", "Entry 3", "Entry 2", "Entry 1"]);
    expect(await texts(4)).toEqual([]);
    expect((await t.post("/notification-clear", undefined, { token })).statusCode).toBe(200);
    expect((await page(1)).body.data).toMatchObject({ total: 0, last_page: 1, notificationData: [] });
  });
});
