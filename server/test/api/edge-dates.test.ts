import { createTestApp, expectInvalid, type TestApp } from "../helpers/app";

// Issue 18, attacker's findings: dates at the edge of the calendar answered 500 (beyond what
// PostgreSQL's timestamps take) or were silently moved (2026-02-30 became 2 March).

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.tokenFor((await t.createUser()).id);
});
afterAll(() => t.close());

const cases: [string, Record<string, string>, string][] = [
  ["scan-list", { to: "9999-12-31" }, "to"],
  ["scan-export", { to: "9999-12-31" }, "to"],
  ["scan-list", { from: "0000-01-01" }, "from"],
  ["scan-export", { from: "0000-01-01" }, "from"],
  ["scan-list", { from: "2026-02-30" }, "from"],
  ["scan-export", { to: "2026-02-30" }, "to"],
  ["scan-list", { from: "2025-13-01" }, "from"],
  ["scan-list", { to: "2025-04-31" }, "to"],
  ["scan-list", { from: "1999-12-31" }, "from"],
  ["scan-list", { to: "2101-01-01" }, "to"],
];

it.each(cases)("%s %j answers 422 with a message for the field", async (name, query, field) => {
  const res = await t.get(`/${name}`, { token, query });
  expectInvalid(res, [field]);
});

it("takes real days at the range's edges and a leap day", async () => {
  for (const query of [
    { from: "2000-01-01", to: "2100-12-31" },
    { from: "2024-02-29", to: "2024-02-29" },
  ]) {
    expect((await t.get("/scan-list", { token, query })).statusCode).toBe(200);
    expect((await t.get("/scan-export", { token, query })).statusCode).toBe(200);
  }
});
