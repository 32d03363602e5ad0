import { sql } from "drizzle-orm";
import type { CounterDeviceLink } from "../../../contract/counter-devices";
import type { CounterCode } from "../../../contract/qr-codes";
import { createTestApp, expectError, expectInvalid, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";

// Device links sign a tablet in to one counter screen and nothing else.
jest.setTimeout(30_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

const asDevice = (token: string) => ({ headers: { "x-counter-device": token } });

it("a device link opens its screen once, only that screen, until revoked", async () => {
  const { token, business, qr } = await f.programme();
  const other = await f.generateQr(token, business.id, { label: "Door" });
  const add = await t.post<CounterDeviceLink>("/counter-device-add", { qr_id: qr.id, name: "Till tablet" }, { token });
  expect(add.statusCode).toBe(201);
  const link = new URL(add.body.data.link);
  expect(link.pathname).toBe(`/counter/${qr.id}`);
  const device = link.searchParams.get("device")!;
  // Only its hash is stored.
  expect(await t.query(sql`select 1 from counter_devices where token_hash = ${device}`)).toHaveLength(0);
  // Not claimed yet: no screen.
  expectError(await t.get("/counter-code", { query: { qr_id: String(qr.id) }, ...asDevice(device) }), 401);
  const claim = await t.post("/counter-device-claim", { token: device });
  expect(claim.body.data).toMatchObject({ qr_id: qr.id, name: "Till tablet", device_token: device });
  // Once: a forwarded link does not claim it again.
  expectInvalid(await t.post("/counter-device-claim", { token: device }), ["token"]);
  const code = await t.get<CounterCode>("/counter-code", { query: { qr_id: String(qr.id) }, ...asDevice(device) });
  expect(code.statusCode).toBe(200);
  expect(code.body.data.business_name).toBe("Blue Bean Café");
  // Another QR code's screen, even of the same owner: 404; owner calls: no session at all.
  expectError(await t.get("/counter-code", { query: { qr_id: String(other.id) }, ...asDevice(device) }), 404);
  expectError(await t.get("/list-qrcode", asDevice(device)), 401);
  const list = await t.get<{ items: { name: string; claimed_at: string | null }[] }>("/counter-device-list", {
    token,
    query: { qr_id: String(qr.id) },
  });
  expect(list.body.data.items).toMatchObject([{ name: "Till tablet", claimed_at: expect.any(String) }]);
  const revoke = await t.post("/counter-device-revoke", { id: add.body.data.device.id }, { token });
  expect(revoke.statusCode).toBe(200);
  expectError(await t.get("/counter-code", { query: { qr_id: String(qr.id) }, ...asDevice(device) }), 401);
  expectError(await t.get("/counter-events", { query: { qr_id: String(qr.id) }, ...asDevice(device) }), 401);
});

it("another owner cannot add, list or revoke a QR code's device links; staff get 403", async () => {
  const { token, qr } = await f.programme();
  const add = await t.post<CounterDeviceLink>("/counter-device-add", { qr_id: qr.id, name: "Tablet" }, { token });
  const other = await f.owner();
  expectError(await t.post("/counter-device-add", { qr_id: qr.id, name: "Mine" }, { token: other }), 404);
  expectError(await t.get("/counter-device-list", { token: other, query: { qr_id: String(qr.id) } }), 404);
  expectError(await t.post("/counter-device-revoke", { id: add.body.data.device.id }, { token: other }), 404);
  const staff = await f.staffOf(token, `staff-${Date.now()}@example.com`);
  expectError(await t.post("/counter-device-add", { qr_id: qr.id, name: "Mine" }, { token: staff.token }), 403);
  expectInvalid(await t.post("/counter-device-add", { qr_id: qr.id, name: "" }, { token }), ["name"]);
  expectInvalid(await t.post("/counter-device-claim", { token: "short" }), ["token"]);
  const rows = await t.query<{ revoked_at: Date | null }>(
    sql`select revoked_at from counter_devices where id = ${add.body.data.device.id}`,
  );
  expect(rows[0]!.revoked_at).toBeNull();
});
