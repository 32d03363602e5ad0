import { sql } from "drizzle-orm";
import { FIRST_DATE, LAST_DATE } from "../../../contract/fields";
import { createTestApp, expectInvalid, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";

// Dates at the edge of the calendar answered 500 (beyond what PostgreSQL's timestamps take) or
// were silently moved (2026-02-30 became 2 March): first found on scan-list, then on
// customer-list, whose own date rule let them through. Every call with a date now takes the
// contract's one date type (fields.ts `calendarDate`) and answers them alike.

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
let owner: string;
let qrToken: string;
let cardHeaders: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
  const p = await f.programme();
  owner = p.token;
  qrToken = p.qr.qr_token;
  cardHeaders = f.cardHeaders([(await f.join(qrToken)).secret]);
});
afterAll(() => t.close());

/** The three dates that failed, and more days no calendar or range has. */
const BAD_DATES = [
  "0000-01-01",
  "9999-12-31",
  "2026-02-30",
  "2025-02-29",
  "2025-13-01",
  "2025-04-31",
  "1899-12-31",
  "2101-01-01",
];

/** The calls that take a date in their query, and its fields. */
const QUERY_DATES: [string, string][] = [
  ["scan-list", "from"],
  ["scan-list", "to"],
  ["scan-export", "from"],
  ["scan-export", "to"],
  ["customer-list", "last_visit_from"],
  ["customer-list", "last_visit_to"],
];

describe.each(QUERY_DATES)("%s ?%s=", (call, field) => {
  it.each(BAD_DATES)("%s answers 422 with a message for the field", async (value) => {
    expectInvalid(await t.get(`/${call}`, { token: owner, query: { [field]: value } }), [field]);
  });

  it.each([FIRST_DATE, LAST_DATE, "2024-02-29", "2000-02-29"])("%s answers 200", async (value) => {
    expect((await t.get(`/${call}`, { token: owner, query: { [field]: value } })).statusCode).toBe(200);
  });
});

it("a range from the first to the last day answers 200 everywhere", async () => {
  for (const [call, from, to] of [
    ["scan-list", "from", "to"],
    ["scan-export", "from", "to"],
    ["customer-list", "last_visit_from", "last_visit_to"],
  ]) {
    const res = await t.get(`/${call!}`, { token: owner, query: { [from!]: FIRST_DATE, [to!]: LAST_DATE } });
    expect(res.statusCode).toBe(200);
  }
});

const cardCount = async () => Number((await t.query<{ n: number }>(sql`select count(*)::int as n from cards`))[0]!.n);

describe("birthdays", () => {
  it.each([...BAD_DATES, "2100-12-31"])("wallet-join with %s answers 422 and makes no card", async (birthday) => {
    const before = await cardCount();
    const res = await t.post("/wallet-join", {
      qr_token: qrToken,
      name: "Edge Date",
      email: `edge-${birthday}@example.com`,
      consent: true,
      birthday,
    });
    expectInvalid(res, ["birthday"]);
    expect(await cardCount()).toBe(before);
  });

  it.each([...BAD_DATES, "2100-12-31"])(
    "wallet-birthday with %s answers 422 and keeps the birthday",
    async (birthday) => {
      expect(
        (await t.post("/wallet-birthday", { qr_token: qrToken, birthday: "1990-05-05" }, { headers: cardHeaders }))
          .statusCode,
      ).toBe(200);
      expectInvalid(await t.post("/wallet-birthday", { qr_token: qrToken, birthday }, { headers: cardHeaders }), [
        "birthday",
      ]);
      const card = await t.get<{ birthday: string | null }>("/wallet-card", {
        query: { qr_token: qrToken },
        headers: cardHeaders,
      });
      expect(card.body.data.birthday).toBe("1990-05-05");
    },
  );

  it.each([FIRST_DATE, "2024-02-29", "2000-02-29"])("%s is taken at join and on the card page", async (birthday) => {
    const joined = await f.join(qrToken, { birthday });
    const headers = f.cardHeaders([joined.secret]);
    const card = () => t.get<{ birthday: string | null }>("/wallet-card", { query: { qr_token: qrToken }, headers });
    expect((await card()).body.data.birthday).toBe(birthday);
    await t.post("/wallet-birthday", { qr_token: qrToken, birthday: "" }, { headers });
    expect((await t.post("/wallet-birthday", { qr_token: qrToken, birthday }, { headers })).statusCode).toBe(200);
    expect((await card()).body.data.birthday).toBe(birthday);
  });
});
