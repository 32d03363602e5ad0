import { sql } from "drizzle-orm";
import { APPLE_MESSAGE_PAGE } from "../../src/modules/apple-wallet/message-updates";
import { GOOGLE_MESSAGE_PAGE } from "../../src/modules/google-wallet/message-updates";
import { createTestApp, type TestApp } from "../helpers/app";
import { appleEnv, makeAppleCertificates, startApnsStandIn } from "../helpers/apple-wallet";
import { startGoogleStandIn, testServiceAccount } from "../helpers/google-wallet-stand-in";
import { keepJobs, redeliver } from "../helpers/jobs";
import { loyaltyFixtures } from "../helpers/loyalty";

/**
 * Wallet pass jobs, each run again after it committed, as pg-boss runs a job whose
 * worker died before marking it done: the stand-ins count one APNs push per phone and event, one
 * Google PATCH per card and event, and a message's page chain runs once, even after pg-boss
 * archived its jobs (then only `job_effects` remembers them).
 */

jest.setTimeout(60_000);

const ISSUER = "3388000000022222222";
const certs = makeAppleCertificates();
let apns: Awaited<ReturnType<typeof startApnsStandIn>>;
let google: Awaited<ReturnType<typeof startGoogleStandIn>>;
let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;

beforeAll(async () => {
  apns = await startApnsStandIn(certs);
  google = await startGoogleStandIn();
  t = await createTestApp(
    {
      ...appleEnv(certs, { APNS_ENDPOINT: apns.endpoint, APNS_CA: certs.wwdr.certPem }),
      GOOGLE_WALLET_ISSUER_ID: ISSUER,
      GOOGLE_WALLET_SERVICE_ACCOUNT: JSON.stringify(testServiceAccount(google.tokenUri).json),
      GOOGLE_WALLET_API_URL: google.apiUrl,
    },
    // A failed job's retry waits until `retryNow` makes it due, however slow `settle()` runs.
    { jobs: { workers: false, retryDelaySeconds: 3600 } },
  );
  f = loyaltyFixtures(t);
});
afterEach(() => {
  apns.answers.clear();
  google.state.failNext = 0;
});
afterAll(async () => {
  await t.close();
  await apns.close();
  await google.close();
});

/** Runs these queues' completed jobs again (see helpers/jobs.ts); answers how many. */
async function replay(...queues: string[]) {
  let n = 0;
  for (const queue of queues) n += await redeliver(t.query, queue);
  await t.settle();
  return n;
}

/**
 * Runs the completed jobs of `queue` again after pg-boss archived them and the jobs they wrote
 * (`children`: it does so after an hour); only `job_effects` remembers what they did.
 */
async function replayArchived(queue: string, ...children: string[]) {
  await keepJobs(t.query, queue);
  for (const name of [queue, ...children]) {
    await t.query(sql`delete from pgboss.job where name = ${name} and state = 'completed'`);
  }
  return replay(queue);
}

/** Makes the jobs of a queue waiting for their retry due now. */
const retryNow = (queue: string) =>
  t.query(
    sql`update pgboss.job set start_after = now() - interval '1 second' where name = ${queue} and state = 'retry'`,
  );

const cardIdOf = async (serial: string) =>
  (await t.query<{ id: number }>(sql`select id from cards where serial = ${serial}`))[0]!.id;

const pushesTo = (tokens: string[]) => apns.requests.filter((r) => tokens.includes(r.path.split("/").pop()!));
const patchesOf = (serial: string) =>
  google.patches().filter((r) => decodeURIComponent(r.path).endsWith(`${ISSUER}.${serial}`));

/** An owner's business with `n` cards (straight into the database), each card's id. */
async function bulkCards(n: number) {
  const { token, business } = await f.programme();
  const [owner] = await t.query<{ id: number }>(sql`select user_id as id from businesses where id = ${business.id}`);
  const ownerId = owner!.id;
  const rows = await t.query<{ id: number }>(sql`
    with cu as (
      insert into customers (user_id, name, email)
      select ${ownerId}, 'Bulk ' || g, 'once-' || g || '-' || ${business.id} || '@example.com'
      from generate_series(1, ${n}) g returning id)
    insert into cards (user_id, business_id, customer_id, serial)
    select ${ownerId}, ${business.id}, cu.id, 'ONCE-' || ${business.id} || '-' || cu.id from cu returning id`);
  return { token, business, cardIds: rows.map((r) => r.id) };
}

const sendMessage = async (token: string, businessId: number) => {
  const res = await t.post(
    "/notification-add",
    { business_id: businessId, title: "Once", message: "Only once" },
    { token },
  );
  expect(res.statusCode).toBe(201);
  return (res.body.data as { id: number }).id;
};

describe("Apple Wallet", () => {
  it("event.apple-pass: a stamp pushes each phone once however often its job runs; a retry pushes only the phone that failed", async () => {
    const { token, qr } = await f.programme();
    const { card } = await f.join(qr.qr_token);
    await t.settle();
    const phones = ["d1".repeat(32), "d2".repeat(32)];
    const cardId = await cardIdOf(card.serial);
    for (const [i, pushToken] of phones.entries()) {
      await t.query(sql`insert into apple_pass_registrations (device_library_id, push_token, card_id)
        values (${`once-phone-${i}`}, ${pushToken}, ${cardId})`);
    }

    expect((await f.staffScan(token, card.serial)).statusCode).toBe(200);
    await t.settle();
    expect(pushesTo(phones)).toHaveLength(2);
    expect(await replay("event.apple-pass")).toBeGreaterThan(0);
    expect(pushesTo(phones)).toHaveLength(2);

    // APNs refuses one phone for now: the job fails, and pg-boss's retry pushes that phone alone.
    apns.answers.set(phones[1]!, { status: 500, reason: "InternalServerError" });
    expect((await f.staffScan(token, card.serial)).statusCode).toBe(200);
    await t.settle();
    expect(pushesTo(phones)).toHaveLength(4);
    apns.answers.clear();
    await retryNow("event.apple-pass");
    await t.settle();
    expect(
      pushesTo(phones)
        .slice(4)
        .map((r) => r.path),
    ).toEqual([`/3/device/${phones[1]}`]);
    expect(await replay("event.apple-pass")).toBeGreaterThan(0);
    expect(pushesTo(phones)).toHaveLength(5);
  });

  it("apple-pass-message and apple-pass-push: a page run again moves, pushes and chains nothing, even once archived", async () => {
    const { token, business, cardIds } = await bulkCards(APPLE_MESSAGE_PAGE + 1);
    const phones = cardIds.map((id) => `once-${id}`.padStart(64, "0"));
    await t.query(sql`insert into apple_pass_registrations (device_library_id, push_token, card_id)
      select 'once-device-' || c.id, lpad('once-' || c.id, 64, '0'), c.id from cards c
      where c.business_id = ${business.id}`);
    const tags = () =>
      t.query<{ id: number; tag: string }>(
        sql`select id, updated_at::text as tag from cards where business_id = ${business.id} order by id`,
      );
    const pageJobs = async () =>
      (
        await t.query<{ n: number }>(
          sql`select count(*)::int as n from pgboss.job where name = 'apple-pass-message'
            and (data->>'businessId')::int = ${business.id}`,
        )
      )[0]!.n;

    await sendMessage(token, business.id);
    await t.settle();
    expect(pushesTo(phones)).toHaveLength(phones.length);
    expect(new Set(pushesTo(phones).map((r) => r.path)).size).toBe(phones.length);
    const moved = await tags();
    expect(await pageJobs()).toBe(1);

    // The push jobs alone (per-phone effects), then the pages (their claim), then all once archived.
    expect(await replay("apple-pass-push")).toBeGreaterThanOrEqual(2);
    expect(pushesTo(phones)).toHaveLength(phones.length);
    expect(await replay("event.apple-pass-message", "apple-pass-message")).toBeGreaterThanOrEqual(2);
    expect(pushesTo(phones)).toHaveLength(phones.length);
    expect(await pageJobs()).toBe(1);
    // Run again once archived, the first page writes no job (pg-boss would take the same ids again).
    expect(await replayArchived("event.apple-pass-message", "apple-pass-message", "apple-pass-push")).toBeGreaterThan(
      0,
    );
    expect(pushesTo(phones)).toHaveLength(phones.length);
    expect(await pageJobs()).toBe(0);
    // No tag moved again: the phones are not told of a change that is not there.
    expect(await tags()).toEqual(moved);
  });
});

describe("Google Wallet", () => {
  it("event.google-wallet: one PATCH per stamp however often its job runs", async () => {
    const { token, qr } = await f.programme();
    const { card } = await f.join(qr.qr_token);
    google.saved.add(`${ISSUER}.${card.serial}`);
    await t.settle();
    const before = patchesOf(card.serial).length;
    expect((await f.staffScan(token, card.serial)).statusCode).toBe(200);
    await t.settle();
    expect(patchesOf(card.serial).length - before).toBe(1);
    expect(await replay("event.google-wallet")).toBeGreaterThan(0);
    expect(patchesOf(card.serial).length - before).toBe(1);
  });

  it("event.google-wallet-expire: a deleted card's pass is expired by one PATCH however often its job runs", async () => {
    const { token, qr } = await f.programme();
    const { card } = await f.join(qr.qr_token);
    google.saved.add(`${ISSUER}.${card.serial}`);
    await t.settle();
    const before = patchesOf(card.serial).length;
    expect((await t.post("/customer-delete", { serial: card.serial }, { token })).statusCode).toBe(200);
    await t.settle();
    expect(await replay("event.google-wallet-expire")).toBeGreaterThan(0);
    const expiries = patchesOf(card.serial)
      .slice(before)
      .filter((r) => (JSON.parse(r.body) as { state?: string }).state === "EXPIRED");
    expect(expiries).toHaveLength(1);
    expect(patchesOf(card.serial).length - before).toBe(1);
  });

  it("google-wallet-message: one PATCH per card and message; pg-boss's retry of a page PATCHes only its failed card", async () => {
    const n = GOOGLE_MESSAGE_PAGE + 20;
    const { token, business } = await bulkCards(n);
    const pageJobs = () =>
      t.query<{ state: string }>(
        sql`select state::text from pgboss.job where name = 'google-wallet-message'
          and (data->>'businessId')::int = ${business.id}`,
      );
    const mark = google.patches().length;
    const sent = () => google.patches().slice(mark);
    google.state.failNext = 1;
    await sendMessage(token, business.id);
    await t.settle();
    // Both pages ran; the first waits for its retry, for the one card whose PATCH failed (503).
    expect(sent()).toHaveLength(n);
    expect(new Set(sent().map((r) => r.path)).size).toBe(n);
    expect(await pageJobs()).toEqual([{ state: "completed" }]);

    expect(await replay("google-wallet-message")).toBeGreaterThan(0);
    expect(sent()).toHaveLength(n);
    await retryNow("event.google-wallet-message");
    await t.settle();
    expect(
      sent()
        .slice(n)
        .map((r) => r.path),
    ).toEqual([sent()[0]!.path]);

    expect(await replay("event.google-wallet-message", "google-wallet-message")).toBeGreaterThanOrEqual(2);
    expect(sent()).toHaveLength(n + 1);
    expect(await pageJobs()).toEqual([{ state: "completed" }]);
    // Run again once archived, the first page writes no second page (nor PATCHes anything).
    expect(await replayArchived("event.google-wallet-message", "google-wallet-message")).toBeGreaterThan(0);
    expect(sent()).toHaveLength(n + 1);
    expect(await pageJobs()).toEqual([]);
  });
});
