import { sql } from "drizzle-orm";
import { prune } from "../../src/services/housekeeping";
import { createTestApp, type TestApp } from "../helpers/app";

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

  expect(removed).toEqual({ rateLimits: 1, otps: 1, passwordResets: 1, apiTokens: 2 });
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
