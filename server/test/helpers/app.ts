import { createHash, randomBytes } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import type { FastifyInstance, InjectOptions } from "fastify";
import type { Envelope } from "../../../contract/envelope";
import { buildApp } from "../../src/app";
import { loadConfig, type Config } from "../../src/config";
import type { Database } from "../../src/db/client";
import { payments, plans, users } from "../../src/db/schema";
import { eq } from "drizzle-orm";
import { seedPlans } from "../../src/seed/plans";
import { issueApiToken } from "../../src/modules/auth/tokens";
import { hashSecret } from "../../src/crypto";
import type { JobsOptions } from "../../src/services/jobs";
import type { Mailer } from "../../src/services/mail";
import type { PaymentProvider } from "../../src/services/payments";
import { checkAnswer } from "./answers";
import { createTestDatabase, type TestDatabase } from "./db";

/** The configuration every test app starts from; `overrides` are environment variables. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    APP_NAME: "Loyalty Cards",
    PUBLIC_APP_URL: "http://localhost:3000",
    MIGRATE_ON_START: "false",
    SEED_ON_START: "false",
    // Webhook receivers in tests listen on 127.0.0.1; webhooks.test.ts turns it off to see the guard.
    WEBHOOKS_ALLOW_PRIVATE: "true",
    ...overrides,
  });
}

export type Res<T = unknown> = {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** The parsed JSON answer (undefined when the answer is not JSON). */
  body: Envelope<T> & Record<string, unknown>;
  text: string;
  /** The answer's bytes (files). */
  rawPayload: Buffer;
};

export type RequestOptions = {
  /** Bearer token. */
  token?: string;
  headers?: Record<string, string>;
  /** The client address the server sees (defaults to one address per test, see `testIp`). */
  ip?: string;
  /** Raw payload instead of a JSON body (with `contentType`). */
  raw?: string | Buffer;
  contentType?: string;
  query?: Record<string, string>;
};

export type Credentials = { id: number; email: string; password: string };

let emailCounter = 0;
/** An email no other test uses. */
export const uniqueEmail = (tag = "user") => `${tag}-${++emailCounter}-${randomBytes(3).toString("hex")}@example.com`;

export const PASSWORD = "correct horse battery";

/**
 * Each test gets its own client address, derived from its name, so the per-IP rate limits of one
 * test do not spill into the next (tests of those limits pass `ip` explicitly).
 */
export function testIp(): string {
  const name = expect.getState().currentTestName ?? "setup";
  const bytes = createHash("sha256").update(name).digest();
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
}

/** The 6-digit code of an OTP mail. */
export function codeOf(mail: { subject: string; text: string }): string {
  const match = mail.subject.match(/\b(\d{6})\b/);
  if (!match?.[1]) throw new Error(`no 6-digit code in mail "${mail.subject}"`);
  return match[1];
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * Builds the API server on a fresh copy of the template database (or on `options.database`, to
 * run a second instance on the same database) and answers request and fixture helpers.
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  options: {
    database?: Database;
    testDatabase?: TestDatabase;
    mailer?: Mailer;
    payments?: PaymentProvider;
    /** Default: no background workers; `settle()` runs the jobs, so tests see them done at once. */
    jobs?: JobsOptions;
  } = {},
) {
  const owned = !options.database && !options.testDatabase;
  const testDatabase = options.testDatabase ?? (options.database ? undefined : await createTestDatabase());
  const database = options.database ?? testDatabase!.database;
  const config = testConfig(overrides);
  const app: FastifyInstance = await buildApp(config, {
    database,
    mailer: options.mailer,
    payments: options.payments,
    jobs: options.jobs ?? { workers: false },
  });
  await app.ready();

  const query = async <T = Record<string, unknown>>(q: SQL): Promise<T[]> =>
    ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;

  async function request<T = unknown>(
    method: "GET" | "POST" | "PUT" | "DELETE" | "PATCH" | "HEAD",
    path: string,
    body?: unknown,
    opts: RequestOptions = {},
  ): Promise<Res<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token !== undefined) headers.authorization = `Bearer ${opts.token}`;
    const inject: InjectOptions = {
      method,
      url: /^\/api(\/|$)/.test(path) ? path : `/api${path}`,
      headers,
      query: opts.query,
      remoteAddress: opts.ip ?? testIp(),
    };
    if (opts.raw !== undefined) {
      inject.payload = opts.raw;
      if (opts.contentType) headers["content-type"] = opts.contentType;
    } else if (body !== undefined) {
      inject.payload = JSON.stringify(body);
      headers["content-type"] = opts.contentType ?? "application/json";
    }
    const res = await app.inject(inject);
    let parsed: unknown;
    try {
      parsed = res.body ? JSON.parse(res.body) : undefined;
    } catch {
      parsed = undefined;
    }
    const answer = {
      statusCode: res.statusCode,
      headers: res.headers,
      body: parsed as Res<T>["body"],
      text: res.body,
      rawPayload: res.rawPayload,
    };
    checkAnswer(method, inject.url as string, answer);
    return answer;
  }

  const post = <T = unknown>(path: string, body?: unknown, opts?: RequestOptions) =>
    request<T>("POST", path, body, opts);
  const get = <T = unknown>(path: string, opts?: RequestOptions) => request<T>("GET", path, undefined, opts);

  /** Mails in the outbox for one address, oldest first (after mail sent after an answer went out). */
  const mailsTo = async (to: string) => {
    await app.settle();
    return query<{ id: number; to: string; subject: string; text: string; html: string | null }>(
      sql`select id, "to", subject, text, html from mail_outbox where "to" = ${to} order by id`,
    );
  };

  /** The code of the newest mail to this address that carries one (receipts and invites do not). */
  async function lastOtp(email: string): Promise<string> {
    const mails = await mailsTo(email);
    const last = mails.filter((mail) => /\b\d{6}\b/.test(mail.subject)).at(-1);
    if (!last) throw new Error(`no mail with a code to ${email}`);
    return codeOf(last);
  }

  const count = async (table: "users" | "otps" | "api_tokens" | "mail_outbox" | "password_resets" | "rate_limits") =>
    (await app.settle()) ??
    Number((await query<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n);

  /** Simulates the passing of a rate-limit window: every counter whose key starts with `prefix` resets. */
  const expireRateLimits = (prefix: string) =>
    query(sql`update rate_limits set reset_at = now() - interval '1 second' where key like ${`${prefix}%`}`);

  /** POST /register with valid fields (expects 201). */
  async function register(
    fields: Partial<{ name: string; email: string; phone_number: string; password: string }> = {},
  ) {
    const body = {
      name: "Test Owner",
      email: uniqueEmail("reg"),
      phone_number: "+1 555 0100",
      password: PASSWORD,
      ...fields,
    };
    const res = await post("/register", { ...body, password_confirmation: body.password });
    if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.text}`);
    return { email: body.email.trim().toLowerCase(), password: body.password };
  }

  /** The whole sign-up through the API: register, read the code from the outbox, verify it. */
  async function signUp(fields: Parameters<typeof register>[0] = {}): Promise<Credentials> {
    const creds = await register(fields);
    const res = await post("/otp-verify", { email: creds.email, otp: await lastOtp(creds.email), purpose: "register" });
    if (res.statusCode !== 200) throw new Error(`otp-verify failed: ${res.statusCode} ${res.text}`);
    const [row] = await query<{ id: number }>(
      sql`select id from users where email = ${creds.email} and deleted_at is null`,
    );
    return { ...creds, id: row!.id };
  }

  /** A user row written directly (faster than signUp when the sign-up is not what is tested). */
  async function createUser(
    fields: Partial<{
      email: string;
      password: string;
      role: "owner" | "staff";
      ownerId: number;
      verified: boolean;
      name: string;
      /**
       * Owners get a paid plan period (succeeded sandbox payment) of this plan, by default the
       * largest, so dashboard tests can add businesses; `false`: no plan.
       */
      plan: string | false;
    }> = {},
  ): Promise<Credentials> {
    const email = fields.email ?? uniqueEmail(fields.role ?? "owner");
    const password = fields.password ?? PASSWORD;
    const [row] = await database.db
      .insert(users)
      .values({
        name: fields.name ?? "Direct User",
        email,
        phoneNumber: "+1 555 0101",
        passwordHash: await hashSecret(password),
        role: fields.role ?? "owner",
        ownerId: fields.ownerId,
        emailVerifiedAt: fields.verified === false ? null : new Date(),
      })
      .returning({ id: users.id });
    const plan = fields.plan ?? ((fields.role ?? "owner") === "owner" ? "Business Annual" : false);
    if (plan) await subscribe(row!.id, plan);
    return { id: row!.id, email, password };
  }

  /** A succeeded plan payment written directly; `periodEnd` in the past makes a lapsed plan. */
  async function subscribe(userId: number, planName = "Starter", periodEnd?: Date) {
    // The template holds no plans (site tests check the list): the seed's plans, added when needed.
    await seedPlans(database.db);
    const [plan] = await database.db.select().from(plans).where(eq(plans.name, planName));
    if (!plan) throw new Error(`no plan ${planName}`);
    const end = periodEnd ?? new Date(Date.now() + 30 * 86_400_000);
    const key = randomBytes(12).toString("hex");
    const [row] = await database.db
      .insert(payments)
      .values({
        userId,
        planId: plan.id,
        mode: "newUser",
        listAmountMinor: plan.amountMinor,
        amountMinor: plan.amountMinor,
        currency: plan.currency,
        provider: "sandbox",
        providerRef: `sandbox_pi_fixture_${key}`,
        idempotencyKey: key,
        status: "succeeded",
        periodStart: new Date(end.getTime() - 30 * 86_400_000),
        periodEnd: end,
        succeededAt: new Date(),
      })
      .returning();
    return row!;
  }

  /** POST /login (expects 200) and answers the bearer token. */
  async function login(email: string, password: string, opts?: RequestOptions): Promise<string> {
    const res = await post("/login", { email, password }, opts);
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.text}`);
    return res.body.auth_token as string;
  }

  /** A token issued directly, as login would. */
  const tokenFor = (userId: number) => issueApiToken(database.db, userId);

  async function close() {
    await app.close();
    if (owned) await testDatabase!.close();
  }

  return {
    app,
    config,
    database,
    testDatabase,
    request,
    post,
    get,
    query,
    mailsTo,
    lastOtp,
    count,
    expireRateLimits,
    register,
    signUp,
    createUser,
    subscribe,
    login,
    tokenFor,
    /** Runs the jobs the app's answers left (mail, pushes, wallet updates) until none is left. */
    settle: () => app.settle(),
    close,
  };
}

/** The envelope of every failed answer. */
export function expectError(res: Res, statusCode: number, message?: string | RegExp) {
  expect({
    statusCode: res.statusCode,
    status: res.body?.status,
    message: res.body?.message,
    data: res.body?.data,
  }).toEqual({
    statusCode,
    status: false,
    message:
      message === undefined
        ? expect.any(String)
        : typeof message === "string"
          ? message
          : expect.stringMatching(message),
    data: null,
  });
}

/** A 422 answer with messages for exactly these fields (at least). */
export function expectInvalid(res: Res, fields: string[]) {
  expectError(res, 422);
  expect(res.body.errors).toEqual(expect.any(Object));
  for (const field of fields) {
    expect(res.body.errors?.[field]).toEqual(expect.arrayContaining([expect.any(String)]));
  }
}
