import { sql } from "drizzle-orm";
import { prune } from "../../src/services/housekeeping";
import { createTestApp, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it("prunes spent rate-limit windows and long-expired codes and reset tokens, and nothing live", async () => {
  const user = await t.createUser();
  await t.query(sql`insert into rate_limits (key, count, reset_at) values
    ('spent', 3, now() - interval '1 second'), ('live', 3, now() + interval '10 minutes')`);
  await t.query(sql`insert into otps (email, purpose, code_hash, expires_at) values
    ('old@example.com', 'register', 'x', now() - interval '2 days'),
    ('recent@example.com', 'register', 'x', now() - interval '1 hour'),
    ('live@example.com', 'register', 'x', now() + interval '5 minutes')`);
  await t.query(sql`insert into password_resets (user_id, token_hash, expires_at) values
    (${user.id}, 'old', now() - interval '2 days'), (${user.id}, 'live', now() + interval '5 minutes')`);

  const live = await t.login(user.email, user.password);
  await t.query(sql`insert into api_tokens (user_id, token_hash, created_at, last_used_at, revoked_at) values
    (${user.id}, 'idle', now() - interval '40 days', now() - interval '31 days', null),
    (${user.id}, 'revoked-long-ago', now() - interval '40 days', now() - interval '35 days', now() - interval '35 days'),
    (${user.id}, 'revoked-today', now() - interval '2 days', now() - interval '1 day', now())`);

  const removed = await prune(t.database.db);

  expect(removed).toMatchObject({ rateLimits: 1, otps: 1, passwordResets: 1, apiTokens: 2 });
  const tokens = await t.query<{ token_hash: string }>(sql`select token_hash from api_tokens order by id`);
  expect(tokens.map((r) => r.token_hash)).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/), "revoked-today"]);
  expect((await t.get("/user-profile", { token: live })).statusCode).toBe(200);
  const keys = await t.query<{ key: string }>(sql`select key from rate_limits where key in ('spent', 'live')`);
  expect(keys.map((r) => r.key)).toEqual(["live"]);
  const emails = await t.query<{ email: string }>(
    sql`select email from otps where email in ('old@example.com', 'recent@example.com', 'live@example.com') order by email`,
  );
  expect(emails.map((r) => r.email)).toEqual(["live@example.com", "recent@example.com"]);
  const resets = await t.query<{ token_hash: string }>(sql`select token_hash from password_resets`);
  expect(resets.map((r) => r.token_hash)).toEqual(["live"]);
});

it("keeps the tables that only grow to their retention: wallet codes, pass tokens, the mail outbox, Stripe events, job effects", async () => {
  const f = loyaltyFixtures(t);
  const { qr } = await f.programme();
  const [kept, unregistered] = [await f.join(qr.qr_token), await f.join(qr.qr_token)];
  const ids = await t.query<{ id: number; serial: string }>(
    sql`select id, serial from cards where serial in (${kept.card.serial}, ${unregistered.card.serial})`,
  );
  const cardId = (serial: string) => ids.find((r) => r.serial === serial)!.id;
  const [keptId, unregisteredId] = [cardId(kept.card.serial), cardId(unregistered.card.serial)];
  await t.query(sql`insert into wallet_codes (card_id, code_hash, expires_at) values
    (${keptId}, 'old', now() - interval '2 days'), (${keptId}, 'live', now() + interval '5 minutes')`);
  // Old tokens of a card a phone registered for stay (its token cannot be told apart); old tokens
  // of a card no phone registered for go; recent ones stay.
  await t.query(sql`insert into apple_pass_tokens (card_id, token_hash, created_at) values
    (${keptId}, 'registered-old', now() - interval '60 days'),
    (${unregisteredId}, 'unregistered-old', now() - interval '60 days'),
    (${unregisteredId}, 'unregistered-new', now() - interval '1 day')`);
  await t.query(sql`insert into apple_pass_registrations (device_library_id, push_token, card_id)
    values ('device-1', 'push-1', ${keptId})`);
  await t.query(sql`insert into mail_outbox ("to", subject, text, created_at) values
    ('old@example.com', 'old', 'x', now() - interval '8 days'), ('new@example.com', 'new', 'x', now())`);
  await t.query(sql`insert into payment_events (id, type, created_at) values
    ('evt_old', 'x', now() - interval '91 days'), ('evt_new', 'x', now() - interval '3 days')`);
  await t.query(sql`insert into job_effects (kind, source, target, created_at) values
    ('push', 'old', 'device', now() - interval '31 days'), ('push', 'new', 'device', now() - interval '29 days')`);

  const removed = await prune(t.database.db);

  expect(removed).toMatchObject({ walletCodes: 1, applePassTokens: 1, mailOutbox: 1, paymentEvents: 1, jobEffects: 1 });
  const left = async (q: ReturnType<typeof sql>) => (await t.query<{ v: string }>(q)).map((r) => r.v);
  expect(await left(sql`select code_hash as v from wallet_codes order by v`)).toEqual(["live"]);
  expect(await left(sql`select token_hash as v from apple_pass_tokens order by v`)).toEqual([
    "registered-old",
    "unregistered-new",
  ]);
  expect(await left(sql`select subject as v from mail_outbox where subject in ('old', 'new')`)).toEqual(["new"]);
  expect(await left(sql`select id as v from payment_events order by v`)).toEqual(["evt_new"]);
  expect(await left(sql`select source as v from job_effects`)).toEqual(["new"]);
});

it("runs as a scheduled job, once an hour", async () => {
  const [schedule] = await t.query<{ cron: string }>(sql`select cron from pgboss.schedule where name = 'housekeeping'`);
  expect(schedule?.cron).toBe("17 * * * *");
});

it("prunes the counter-stream leases of an instance that died, and no live one", async () => {
  await t.query(sql`insert into counter_streams (holder, lease_until) values
    ('session:1', now() - interval '1 second'), ('session:1', now() + interval '45 seconds')`);
  expect(await prune(t.database.db)).toMatchObject({ counterStreams: 1 });
  const left = await t.query<{ n: number }>(
    sql`select count(*)::int as n from counter_streams where holder = 'session:1'`,
  );
  expect(left[0]!.n).toBe(1);
});
