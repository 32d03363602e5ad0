import { sql } from "drizzle-orm";
import { JOB_SCHEMA } from "../../src/db/job-queue-schema";
import { createTestApp, type TestApp } from "../helpers/app";
import { pendingJobs, redeliver } from "../helpers/jobs";
import { kindFixtures } from "../helpers/kinds";
import { loyaltyFixtures } from "../helpers/loyalty";
import { startSquareStandIn } from "../helpers/square-stand-in";
import { squareSender } from "../helpers/till-senders";

// Square payments that name only a customer: a job reads the customer's email and phone from
// Square's Customers API (a local stand-in here, reached through SQUARE_API_URL) and earns.
jest.setTimeout(60_000);

const TOKEN = "EAAAl-standin-access-token";
const QUEUE = "till-square-payment";
let t: TestApp;
let square: Awaited<ReturnType<typeof startSquareStandIn>>;
let f: ReturnType<typeof loyaltyFixtures>;
let programmeOf: ReturnType<typeof kindFixtures>["programmeOf"];
beforeAll(async () => {
  square = await startSquareStandIn(TOKEN);
  t = await createTestApp({ SQUARE_API_URL: square.url });
  f = loyaltyFixtures(t);
  ({ programmeOf } = kindFixtures(t, f));
});
afterAll(async () => {
  await t.close();
  await square.close();
});

const balanceOf = async (serial: string) =>
  (await t.query<{ stamps: number }>(sql`select stamps from cards where serial = ${serial}`))[0]!.stamps;
const customerRequests = (customerId: string) =>
  square.requests.filter((r) => r.path === `/v2/customers/${customerId}`);
/** A failed job's retry, due now rather than after its backoff. */
const retryNow = () =>
  t.query(
    sql`update ${sql.raw(`${JOB_SCHEMA}.job`)} set start_after = now() - interval '1 second' where name = ${QUEUE} and state = 'retry'`,
  );

/** A points card whose customer has this phone, and a Square connection with the access token. */
async function setUp(phone: string) {
  const p = await programmeOf({ kind: "points", points_per_visit: 0, points_per_unit: 1 });
  const joined = await f.join(p.qr.qr_token, { phone });
  const added = await t.post<{ id: number; webhook_url: string }>(
    "/pos-connection-add",
    { business_id: p.business.id, provider: "square", secret: "sig", access_token: TOKEN },
    { token: p.token },
  );
  expect(added.statusCode).toBe(201);
  expect(added.text).not.toContain(TOKEN);
  return { ...p, joined, sender: squareSender(t, added.body.data, "sig") };
}

it("a payment with only a customer_id earns through the Customers API by phone; the next one uses the cache", async () => {
  const { joined, sender } = await setUp("+44 7700 900123");
  square.addCustomer({ id: "CUST-1", given_name: "Ada", phone_number: "+447700900123" });
  const before = await balanceOf(joined.card.serial);

  const first = await sender.payment({ id: "SQ-1", amount: 1200, customerId: "CUST-1" });
  expect(first.statusCode).toBe(200);
  expect(first.body.data).toEqual({ outcome: "queued" });
  await t.settle();
  expect(await balanceOf(joined.card.serial)).toBe(before + 12);
  expect(customerRequests("CUST-1")).toHaveLength(1);
  const [seen] = customerRequests("CUST-1");
  expect(seen!.headers).toMatchObject({ authorization: `Bearer ${TOKEN}`, "square-version": expect.any(String) });

  await sender.payment({ id: "SQ-2", amount: 800, customerId: "CUST-1" });
  await t.settle();
  expect(await balanceOf(joined.card.serial)).toBe(before + 20);
  expect(customerRequests("CUST-1")).toHaveLength(1);

  // The same payment delivered again, and its job run again: nothing more.
  await sender.payment({ id: "SQ-2", amount: 800, customerId: "CUST-1" });
  expect(await redeliver(t.query, QUEUE)).toBeGreaterThan(0);
  await t.settle();
  expect(await balanceOf(joined.card.serial)).toBe(before + 20);
  expect(await t.query(sql`select 1 from order_earns where order_id in ('square:SQ-1', 'square:SQ-2')`)).toHaveLength(
    2,
  );
});

it("Square failing leaves the job to retry: nothing earned meanwhile, earned once when Square answers", async () => {
  const { joined, sender } = await setUp("+1 415 555 0199");
  square.addCustomer({ id: "CUST-2", email_address: joined.email.toUpperCase(), phone_number: "+14155550100" });
  const before = await balanceOf(joined.card.serial);
  square.failNext(1);
  expect((await sender.payment({ id: "SQ-3", amount: 1500, customerId: "CUST-2" })).body.data).toEqual({
    outcome: "queued",
  });
  await t.settle();
  expect(await balanceOf(joined.card.serial)).toBe(before);
  expect(await pendingJobs(t.query, QUEUE)).toBe(1);
  expect(await t.query(sql`select 1 from order_earns where order_id = 'square:SQ-3'`)).toHaveLength(0);

  await retryNow();
  await t.settle();
  expect(await balanceOf(joined.card.serial)).toBe(before + 15);
  expect(customerRequests("CUST-2")).toHaveLength(2);
  expect(await redeliver(t.query, QUEUE)).toBeGreaterThan(0);
  await t.settle();
  expect(await balanceOf(joined.card.serial)).toBe(before + 15);
});

it("a customer Square does not know, or no card for: the order is listed as an unknown customer", async () => {
  const { joined, sender, token } = await setUp("+33 6 12 34 56 78");
  const before = await balanceOf(joined.card.serial);
  await sender.payment({ id: "SQ-4", amount: 1000, customerId: "NOBODY" });
  square.addCustomer({ id: "CUST-3", phone_number: "+49 151 0000000" });
  await sender.payment({ id: "SQ-5", amount: 1000, customerId: "CUST-3" });
  await t.settle();
  expect(await balanceOf(joined.card.serial)).toBe(before);
  const list = await t.get<{ items: { last_unknown: { order_id: string; phone: string | null }[] }[] }>(
    "/pos-connection-list",
    { token },
  );
  expect(list.body.data.items[0]!.last_unknown).toEqual([
    expect.objectContaining({ order_id: "SQ-5", phone: "+49 151 0000000" }),
    expect.objectContaining({ order_id: "SQ-4", phone: null }),
  ]);
  expect(list.text).not.toContain(TOKEN);
});
