import { sql } from "drizzle-orm";
import { createTestApp, expectError, PASSWORD, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";

// Attacker's findings: after user-soft-delete, the owner's QR codes stayed live: new
// customers still joined (their data collected for a business that is gone) and stamps went on.

jest.setTimeout(30_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

const GONE = /not valid any more/;

it("answers a deleted owner's QR codes like deleted codes: no join, no stamp, no detail, no card", async () => {
  const { token, qr } = await f.programme({ cooldown_minutes: 0, daily_cap: 0 });
  const ann = await f.join(qr.qr_token);
  expect((await f.selfScan(qr.qr_token, [ann.secret])).statusCode).toBe(200);

  expect((await t.post("/user-soft-delete", { password: PASSWORD }, { token })).statusCode).toBe(200);
  const before = await t.query<{ n: number }>(sql`select count(*)::int as n from scans`);
  const customersBefore = await t.query<{ n: number }>(sql`select count(*)::int as n from customers`);

  const join = await t.post("/wallet-join", {
    qr_token: qr.qr_token,
    name: "Bo",
    email: "bo-after-delete@example.com",
    consent: true,
  });
  expectError(join, 404, GONE);
  expectError(await f.selfScan(qr.qr_token, [ann.secret]), 404, "This code is not a loyalty card or QR code of ours.");
  expectError(await t.get("/qr-detail", { query: { qr_token: qr.qr_token } }), 404, GONE);
  expectError(
    await t.get("/wallet-card", { query: { qr_token: qr.qr_token }, headers: f.cardHeaders([ann.secret]) }),
    404,
    GONE,
  );
  expectError(await t.post("/wallet-recover", { qr_token: qr.qr_token, email: ann.email }), 404, GONE);

  // Nothing was written: no customer, no scan.
  expect(await t.query(sql`select count(*)::int as n from scans`)).toEqual(before);
  expect(await t.query(sql`select count(*)::int as n from customers`)).toEqual(customersBefore);
});

it("keeps another owner's codes live", async () => {
  const { qr } = await f.programme();
  const gone = await f.programme();
  await t.post("/user-soft-delete", { password: PASSWORD }, { token: gone.token });
  expect((await t.get("/qr-detail", { query: { qr_token: qr.qr_token } })).statusCode).toBe(200);
  expect((await f.join(qr.qr_token)).card.stamps).toBe(1);
});
