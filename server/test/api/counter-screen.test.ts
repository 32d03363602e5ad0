import type { CounterCode } from "../../../contract/qr-codes";
import { createTestApp, type TestApp } from "../helpers/app";
import { listenBase, openStream as open, until } from "../helpers/counter-stream";
import { loyaltyFixtures } from "../helpers/loyalty";

// The counter screen's events. A real listening server: the stream never ends.
jest.setTimeout(30_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
  base = await listenBase(t.app);
});
afterAll(() => t.close());

const openStream = (qrId: number, token?: string) => open(base, qrId, { token });

it("a stamp through the QR code reaches its counter screen, and only its own", async () => {
  const { token, business, qr } = await f.programme({ cooldown_minutes: 0, daily_cap: 0 });
  const other = await f.generateQr(token, business.id, { label: "Door" });
  const screen = await openStream(qr.id, token);
  const otherScreen = await openStream(other.id, token);
  expect(screen.status).toBe(200);
  expect(screen.type).toBe("text/event-stream; charset=utf-8");
  await until(() => screen.text().includes(": connected"));
  const joined = await f.join(qr.qr_token);
  await until(() => screen.events.length === 1);
  expect(screen.events[0]).toMatchObject({ qr_id: qr.id, action: "join", stamps: 1, stamps_required: 5 });
  await f.selfScan(qr.qr_token, [joined.secret]);
  await until(() => screen.events.length === 2);
  expect(screen.events[1]).toMatchObject({ action: "stamp", stamps: 2 });
  // No names or serials on a screen that faces the shop.
  expect(screen.text()).not.toContain(joined.card.serial);
  expect(otherScreen.events).toHaveLength(0);
  // A refused scan (an expired code) says nothing.
  await t.post("/qr-mode-update", { qr_id: qr.id, mode: "rotating" }, { token });
  await f.selfScan(qr.qr_token, [joined.secret]);
  screen.close();
  otherScreen.close();
  expect(screen.events).toHaveLength(2);
});

it("is for the owner and staff of the QR code's owner only", async () => {
  const { token, qr } = await f.programme();
  const staff = await f.staffOf(token, `staff-${Date.now()}@example.com`);
  const staffScreen = await openStream(qr.id, staff.token);
  expect(staffScreen.status).toBe(200);
  staffScreen.close();
  const res = await t.get("/counter-events", { token: await f.owner(), query: { qr_id: String(qr.id) } });
  expect(res.statusCode).toBe(404);
  expect((await t.get("/counter-events", { query: { qr_id: String(qr.id) } })).statusCode).toBe(401);
  const code = await t.get<CounterCode>("/counter-code", { token, query: { qr_id: String(qr.id) } });
  expect(code.body.data).toMatchObject({
    label: "Counter",
    business_name: "Blue Bean Café",
    reward_title: "Free coffee",
  });
});
