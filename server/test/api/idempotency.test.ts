import { sql } from "drizzle-orm";
import type { ScanResult } from "../../../contract/wallet";
import { prune } from "../../src/services/housekeeping";
import { createTestApp, expectError, uniqueEmail, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";

// One Idempotency-Key layer for the whole product, declared on the call
// (`idempotent: true`); the dashboard's qr-code-scanner honours it (the offline scanner sends one
// key per scan and retries until it hears back).

jest.setTimeout(60_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

/** An owner's programme without a cooldown (every scan stamps) and a joined customer's card. */
async function card() {
  const { token, qr } = await f.programme({ cooldown_minutes: 0, stamps_required: 50 });
  const joined = await f.join(qr.qr_token);
  return { token, serial: joined.card.serial, secret: joined.secret, qrToken: qr.qr_token };
}

const stamps = async (serial: string) =>
  (
    await t.query<{ n: number }>(sql`select count(*)::int as n from card_events e join cards c on c.id = e.card_id
      where c.serial = ${serial} and e.kind = 'stamp'`)
  )[0]!.n;

const scan = (token: string, code: string, key?: string) =>
  t.post<ScanResult>("/qr-code-scanner", { code }, { token, headers: key ? { "idempotency-key": key } : {} });

it("stamps once for a key however often the same scan is sent, and answers the first answer", async () => {
  const { token, serial } = await card();
  const first = await scan(token, serial, "scan-1");
  expect(first.statusCode).toBe(200);
  const again = await scan(token, serial, "scan-1");
  expect(again.statusCode).toBe(200);
  expect(again.body).toEqual(first.body);
  expect(again.headers["idempotent-replayed"]).toBe("true");
  expect(first.headers["idempotent-replayed"]).toBeUndefined();
  expect(await stamps(serial)).toBe(1);
  // Another key is another scan; no key is no layer at all.
  await scan(token, serial, "scan-2");
  await scan(token, serial);
  expect(await stamps(serial)).toBe(3);
});

it("a staff member's offline queue: each scan's key stamps once, and the rules apply as each scan arrives", async () => {
  // The scanner keeps scans made offline, each with its key, and sends them in order
  // when back online; an answer lost on the way makes it send one again.
  const { token: ownerToken, qr } = await f.programme({ cooldown_minutes: 0, stamps_required: 3 });
  const { serial } = (await f.join(qr.qr_token)).card;
  const staff = await f.staffOf(ownerToken, uniqueEmail("staff"));
  const answers = [];
  for (const key of ["queued-1", "queued-2", "queued-3"]) answers.push(await scan(staff.token, serial, key));
  expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
  // The join and two stamps reach the reward; the third scan, arriving then, redeems it.
  expect(answers.map((res) => res.body.data.action)).toEqual(["stamp", "stamp", "redeem"]);
  const again = await scan(staff.token, serial, "queued-2");
  expect(again.statusCode).toBe(200);
  expect(again.headers["idempotent-replayed"]).toBe("true");
  expect(again.body).toEqual(answers[1]!.body);
  expect(await stamps(serial)).toBe(2);
  const redeems = await t.query<{ n: number }>(sql`select count(*)::int as n from card_events e
    join cards c on c.id = e.card_id where c.serial = ${serial} and e.kind = 'redeem'`);
  expect(redeems[0]!.n).toBe(1);
});

it("runs one of concurrent duplicates; the others answer what it answered", async () => {
  const { token, serial } = await card();
  const answers = await Promise.all(Array.from({ length: 5 }, () => scan(token, serial, "burst")));
  expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
  for (const res of answers) expect(res.body).toEqual(answers[0]!.body);
  expect(await stamps(serial)).toBe(1);
});

it("refuses the same key with another request (422) and changes nothing", async () => {
  const { token, serial } = await card();
  const other = await card();
  await scan(token, serial, "reused");
  const res = await scan(token, other.serial, "reused");
  expectError(res, 422, "This Idempotency-Key was already used with another request.");
  expect(res.body.errors).toEqual({ "Idempotency-Key": [expect.any(String)] });
  expect(await stamps(other.serial)).toBe(0);
});

it("keys per owner: another owner's same key is their own", async () => {
  const a = await card();
  const b = await card();
  await scan(a.token, a.serial, "same-key");
  expect((await scan(b.token, b.serial, "same-key")).statusCode).toBe(200);
  expect([await stamps(a.serial), await stamps(b.serial)]).toEqual([1, 1]);
});

it("keys per staff member: the owner's and two staff members' same key are three scans", async () => {
  const { token: ownerToken, qr } = await f.programme({ cooldown_minutes: 0, stamps_required: 50 });
  const { serial } = (await f.join(qr.qr_token)).card;
  const ann = await f.staffOf(ownerToken, uniqueEmail("staff"));
  const ben = await f.staffOf(ownerToken, uniqueEmail("staff"));
  const answers = [
    await scan(ownerToken, serial, "till-1"),
    await scan(ann.token, serial, "till-1"),
    await scan(ben.token, serial, "till-1"),
  ];
  expect(answers.map((res) => [res.statusCode, res.headers["idempotent-replayed"]])).toEqual([
    [200, undefined],
    [200, undefined],
    [200, undefined],
  ]);
  expect(await stamps(serial)).toBe(3);
  // Each one's retry is still theirs: replayed, nothing stamped again.
  const again = await scan(ann.token, serial, "till-1");
  expect(again.headers["idempotent-replayed"]).toBe("true");
  expect(again.body).toEqual(answers[1]!.body);
  expect(await stamps(serial)).toBe(3);
});

it("keeps no answer of a request that failed, so its retry runs", async () => {
  const { token, serial } = await card();
  const missing = await scan(token, "NOSUCHSERIAL1", "retry-me");
  expect(missing.statusCode).toBeGreaterThanOrEqual(400);
  expect(missing.statusCode).toBeLessThan(500);
  expect(await t.query(sql`select id from idempotency_keys where key = 'retry-me'`)).toEqual([]);
  // The same key with the same (failing) request simply runs again: not a conflict.
  expect((await scan(token, "NOSUCHSERIAL1", "retry-me")).statusCode).toBe(missing.statusCode);
  expect((await scan(token, serial, "other")).statusCode).toBe(200);
});

it("refuses a malformed key with a field message", async () => {
  const { token, serial } = await card();
  const res = await scan(token, serial, "x".repeat(256));
  expectError(res, 422);
  expect(res.body.errors).toEqual({ "Idempotency-Key": [expect.any(String)] });
  expect(await stamps(serial)).toBe(0);
});

it("honours a customer's self-scan, keyed by the device's cards", async () => {
  const { qrToken, secret } = await card();
  const send = () =>
    t.post(
      "/qr-code-scanner",
      { code: qrToken },
      { headers: { ...f.cardHeaders([secret]), "idempotency-key": "self" } },
    );
  const first = await send();
  expect(first.statusCode).toBe(200);
  const again = await send();
  expect(again.headers["idempotent-replayed"]).toBe("true");
  expect(again.body).toEqual(first.body);
  const rows = await t.query<{ scope: string }>(sql`select scope from idempotency_keys where key = 'self'`);
  expect(rows.map((row) => row.scope)).toEqual([expect.stringMatching(/^card:[0-9a-f]{64}$/)]);
});

it("forgets answers after 24 hours: housekeeping prunes them and the key runs anew", async () => {
  const { token, serial } = await card();
  await scan(token, serial, "day-old");
  await scan(token, serial, "fresh");
  await t.query(sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = 'day-old'`);
  // Past its window the key is free again even before housekeeping ran.
  expect((await scan(token, serial, "day-old")).headers["idempotent-replayed"]).toBeUndefined();
  expect(await stamps(serial)).toBe(3);
  await t.query(sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = 'day-old'`);
  const removed = await prune(t.app.db);
  expect(removed.idempotencyKeys).toBeGreaterThanOrEqual(1);
  const left = await t.query<{ key: string }>(sql`select key from idempotency_keys where key in ('day-old', 'fresh')`);
  expect(left.map((row) => row.key)).toEqual(["fresh"]);
});
