import { sql } from "drizzle-orm";
import { createTestApp, expectError, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";
import type { ScanPage } from "../../../contract/scans";

// One owner's QR codes, rewards, cards and scans are invisible and untouchable to another owner
// (404, never a leak), and staff get 403 on the owner-only calls.
jest.setTimeout(30_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

it("another owner can neither view nor change nor stamp", async () => {
  const a = await f.programme();
  const joined = await f.join(a.qr.qr_token);
  const b = await f.programme();
  const token = b.token;
  const id = (n: number) => ({ id: n });

  expectError(await t.get("/single-qr-code", { token, query: { id: String(a.qr.id) } }), 404);
  expectError(await t.post("/delete-qr", id(a.qr.id), { token }), 404);
  expectError(await t.post("/remove-reward", id(a.reward.id), { token }), 404);
  expectError(
    await t.post(
      "/add-reward",
      { id: a.reward.id, business_id: b.business.id, title: "Mine", stamps_required: 5 },
      { token },
    ),
    404,
  );
  expectError(
    await t.post("/add-reward", { business_id: a.business.id, title: "Mine", stamps_required: 5 }, { token }),
    404,
  );
  expectError(await t.post("/generate-qr", { business_id: a.business.id, label: "Mine" }, { token }), 404);
  expectError(
    await t.post("/generate-qr", { business_id: b.business.id, reward_id: a.reward.id, label: "Mine" }, { token }),
    404,
  );
  expectError(await f.staffScan(token, joined.card.serial), 404, "This card is not one of your business's cards.");
  const staff = await f.staffOf(token, `b-staff-${Date.now()}@example.com`);
  expectError(await f.staffScan(staff.token, joined.card.serial), 404);

  expect((await t.get<{ total: number }>("/list-qrcode", { token })).body.data.total).toBe(1);
  expect((await t.get<{ total: number }>("/reward-list", { token })).body.data.total).toBe(1);
  expect((await t.get<ScanPage>("/scan-list", { token })).body.data.items).toHaveLength(0);
  expect(
    (await t.get<ScanPage>("/scan-list", { token, query: { business_id: String(a.business.id) } })).body.data.items,
  ).toHaveLength(0);
  const csv = await t.get("/scan-export", { token });
  expect(csv.text).not.toContain(joined.card.serial);
  const kpis = await t.get<{ customers: number; stamps_today: number }>("/dashboard-details", { token });
  expect(kpis.body.data).toMatchObject({ customers: 0, stamps_today: 0 });

  // A's card secret does not open a card at B's business, and A's card is unchanged.
  expect(
    (await t.get("/wallet-card", { query: { qr_token: b.qr.qr_token }, headers: f.cardHeaders([joined.secret]) })).body
      .data,
  ).toBeNull();
  expectError(await f.selfScan(b.qr.qr_token, [joined.secret]), 422, /Join first/);
  const [card] = await t.query<{ stamps: number }>(sql`select stamps from cards where serial = ${joined.card.serial}`);
  expect(card!.stamps).toBe(1);
});

it("staff get 403 on owner-only loyalty calls but scan and see scans", async () => {
  const a = await f.programme();
  const staff = await f.staffOf(a.token, `a-staff-${Date.now()}@example.com`);
  const token = staff.token;
  for (const [method, path, body] of [
    ["GET", "/reward-list", undefined],
    ["POST", "/add-reward", { business_id: a.business.id, title: "X", stamps_required: 5 }],
    ["POST", "/remove-reward", { id: a.reward.id }],
    ["GET", "/list-qrcode", undefined],
    ["POST", "/generate-qr", { business_id: a.business.id, label: "X" }],
    ["POST", "/delete-qr", { id: a.qr.id }],
  ] as const) {
    const res = method === "GET" ? await t.get(path, { token }) : await t.post(path, body, { token });
    expectError(res, 403);
  }
  expectError(await t.get("/single-qr-code", { token, query: { id: String(a.qr.id) } }), 403);
  const joined = await f.join(a.qr.qr_token);
  expect((await f.staffScan(token, joined.card.serial)).statusCode).toBe(200);
  expect((await t.get<ScanPage>("/scan-list", { token })).body.data.items).toHaveLength(2);
});
