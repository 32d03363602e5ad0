import { sql } from "drizzle-orm";
import type { NotificationList } from "../../../contract/notifications";
import { CARD_SECRETS_HEADER, type WalletJoinResult } from "../../../contract/wallet";
import { deviceHash } from "../../src/modules/loyalty/engine/codes";
import { joinLimits } from "../../src/modules/wallet/join";
import { createTestApp, expectError, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";

// Customers on a café's Wi-Fi (or behind a carrier's NAT) share one address. The
// join rules hold the device and the QR code; the address is only a far wider ceiling.
jest.setTimeout(60_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

let n = 0;
const join = (qrToken: string, ip: string, secrets: string[] = []) =>
  t.post<WalletJoinResult>(
    "/wallet-join",
    { qr_token: qrToken, name: `Guest ${++n}`, email: `guest-${n}-${Date.now()}@example.com`, consent: true },
    { ip, headers: secrets.length ? { [CARD_SECRETS_HEADER]: secrets.join(",") } : {} },
  );

/** A window's count already spent, as many earlier joins would have left it. */
const spent = (key: string, count: number) =>
  t.query(sql`insert into rate_limits (key, count, reset_at) values (${key}, ${count}, now() + interval '15 minutes')
    on conflict (key) do update set count = excluded.count, reset_at = excluded.reset_at`);

it("30 customers join at one counter through the café's one address: no flag, no 429", async () => {
  const { token, qr } = await f.programme();
  const ip = "203.0.113.7";
  for (let i = 0; i < 30; i++) expect((await join(qr.qr_token, ip)).statusCode).toBe(201);
  await t.settle();
  const alerts = (await t.get<NotificationList>("/notification-list", { token })).body.data.notificationData.filter(
    (entry) => entry.kind === "fraud_alert",
  );
  expect(alerts).toHaveLength(0);
  const flagged = await t.query<{ n: number }>(
    sql`select count(*)::int as n from cards c join qr_codes q on q.business_id = c.business_id
      where q.id = ${qr.id} and c.flagged_at is not null`,
  );
  expect(flagged[0]!.n).toBe(0);
});

it("a device is held to its own rate, a QR code to its own, an address to a far wider ceiling", async () => {
  const { token, business, qr } = await f.programme();
  const door = await f.generateQr(token, business.id, { label: "Door" });
  const first = await join(qr.qr_token, "203.0.113.20");
  const device = [first.body.data.card_secret!];
  await spent(`wallet-join:device:${deviceHash(device)}`, joinLimits.joinsPerDevice.max);
  expectError(await join(door.qr_token, "203.0.113.21", device), 429);
  // Another phone on the same address still joins.
  expect((await join(qr.qr_token, "203.0.113.20")).statusCode).toBe(201);

  await spent(`wallet-join:qr:${qr.id}`, joinLimits.joinsPerQr.max);
  expectError(await join(qr.qr_token, "203.0.113.22"), 429);
  expect((await join(door.qr_token, "203.0.113.22")).statusCode).toBe(201);

  // An address 60 joins into its window (the old limit) still joins: only far beyond, 429.
  await spent(`wallet-join:ip:203.0.113.23`, 60);
  expect((await join(door.qr_token, "203.0.113.23")).statusCode).toBe(201);
  expect(joinLimits.joinsPerIp.max).toBeGreaterThanOrEqual(300);
  await spent(`wallet-join:ip:203.0.113.23`, joinLimits.joinsPerIp.max);
  expectError(await join(door.qr_token, "203.0.113.23"), 429);
});
