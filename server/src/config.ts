import { createHmac } from "node:crypto";
import path from "node:path";
import { z } from "zod";
import { googleWalletEnv, readGoogleWalletConfig, type GoogleWalletConfig } from "./settings/google-wallet";
import { appleWalletFromEnv, type AppleWalletConfig } from "./settings/apple-wallet";

const bool = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  API_HOST: z.string().min(1).default("127.0.0.1"),
  API_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  /**
   * The embedded database is PostgreSQL. `pglite` named the former one, which is gone: a start that
   * still asks for it stops, rather than opening an empty database beside the old data.
   */
  DATABASE: z
    .enum(["postgres"], {
      error:
        "must be postgres (or unset): PGlite was removed. Dump its data with an earlier version's `npm run backup` and load the .sql file with `DATABASE_URL=… npm run restore -- FILE`",
    })
    .optional(),
  APP_NAME: z.string().min(1).default("Loyalty Cards"),
  PUBLIC_APP_URL: z.url().default("http://localhost:3000"),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Loyalty Cards <no-reply@localhost>"),
  /** Without SMTP_URL, mails are written here as files (default `$DATA_DIR/mail`), never to the log. */
  MAIL_DIR: z.string().min(1).optional(),
  /**
   * `true` lets a production build run on the embedded defaults (no SMTP, sandbox payments, a
   * generated session secret): `npm start` sets it for a local run. A deployment never does.
   */
  ALLOW_LOCAL_DEFAULTS: bool.default(false),
  /**
   * The web's session secret, shared with the API server (compose.yaml): the customers' mail links
   * (unsubscribe, preferences) are HMACs keyed from it. Unset (a local run, tests): a key made at
   * start, so such links last until the server restarts.
   */
  SESSION_SECRET: z.string().min(1).optional(),
  /** The address a `List-Unsubscribe` mailto names (unset: the one-click URL only). */
  UNSUBSCRIBE_EMAIL: z.email("must be an email address").optional(),
  /** Where contact-form messages are mailed; unset: they go to mail_outbox (and MAIL_DIR). */
  CONTACT_EMAIL: z.email("must be an email address").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Trust X-Forwarded-For from these proxies (the BFF). `true`, or a comma list of addresses. */
  TRUST_PROXY: z.string().default("127.0.0.1,::1"),
  MIGRATE_ON_START: bool.default(true),
  SEED_ON_START: bool.default(true),
  /** The demo owner account (demo@example.com); on by default only for the embedded database. */
  SEED_DEMO_USER: bool.optional(),
  /** Multiplies every rate limit; raise it for load tests, never set it below 1 in production. */
  RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
  /** Payments: `live` refuses to start without Stripe's keys; unset: Stripe if keyed, else the sandbox. */
  PAYMENTS_MODE: z.enum(["live", "sandbox"]).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, "must be a Stripe secret key (sk_…)")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, "must be a Stripe webhook secret (whsec_…)")
    .optional(),
  /** Google Wallet: all or nothing, see settings/google-wallet.ts. */
  ...googleWalletEnv,
  // Push: Firebase Cloud Messaging; unset: messages are stored and shown in-app only.
  /** The service account's JSON key, as it is or base64-encoded. */
  FIREBASE_SERVICE_ACCOUNT: z.string().optional(),
  /** FCM's HTTP v1 base URL (default https://fcm.googleapis.com); HTTP/2 either way, `http://` without TLS. */
  /**
   * An HTTP(S) proxy for the API server's calls to Google's push service (firebase-admin: FCM and
   * its OAuth token), as a network that reaches the internet only through a proxy needs.
   */
  HTTPS_PROXY: z.url().optional(),
  /**
   * PEM of a certificate authority trusted, beside the system's, for connections through
   * HTTPS_PROXY: a proxy that inspects TLS signs the sites' certificates with its own CA.
   */
  HTTPS_PROXY_CA: z.string().includes("-----BEGIN CERTIFICATE-----", { error: "must be a PEM certificate" }).optional(),
  /**
   * Webhooks may reach loopback (127.0.0.0/8, ::1), never another private range: the
   * tests set it (receivers on this machine); a production start refuses it, local or not.
   */
  WEBHOOKS_ALLOW_PRIVATE: bool.default(false),
  /** Square's API (its Customers API, for a till connection's paying customers); tests point it at a stand-in. */
  SQUARE_API_URL: z.url().default("https://connect.squareup.com"),
  /** SMS through Twilio's Messages API: the three together, or none (then no SMS is offered or sent). */
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, "must be a Twilio Account SID (AC followed by 32 hex digits)")
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  /** The sender: a phone number in E.164, an alphanumeric sender ID, or a Messaging Service SID (MG…). */
  TWILIO_FROM: z.string().min(1).optional(),
  /** Twilio's API base URL; tests and local runs point it at a stand-in. */
  TWILIO_API_URL: z.url().default("https://api.twilio.com"),
});

export type Config = {
  env: "development" | "production" | "test";
  host: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  appName: string;
  publicAppUrl: string;
  smtpUrl?: string;
  /** Without SMTP: the folder that receives each mail as a file (a local mailbox); unset in tests. */
  mailDir?: string;
  mailFrom: string;
  contactEmail?: string;
  /** The key of customers' mail links (modules/reach/links.ts); unset: one made at start. */
  linkSecret?: Buffer;
  unsubscribeEmail?: string;
  /** Whether SMS is set up (the three TWILIO_ settings): only then may a message pick the `sms` channel. */
  smsConfigured: boolean;
  logLevel: string;
  trustProxy: boolean | string[];
  migrateOnStart: boolean;
  seedOnStart: boolean;
  seedDemoUser: boolean;
  rateLimitFactor: number;
  /** Set when Stripe is configured; unset: the sandbox provider. */
  stripe?: { secretKey: string; webhookSecret: string };
  /** Set when Google Wallet is configured; unset: no "Save to Google Wallet" link, nothing calls Google. */
  googleWallet?: GoogleWalletConfig;
  /** Apple Wallet, when configured: APPLE_* and APNS_* (settings/apple-wallet.ts). */
  appleWallet?: AppleWalletConfig;
  /** Set when Firebase Cloud Messaging is configured; unset: no push. */
  fcm?: FcmConfig;
  /** Webhook URLs may point at loopback addresses (WEBHOOKS_ALLOW_PRIVATE; never in production). */
  webhooksAllowLoopback: boolean;
  /** Square's API base URL, without a trailing slash. */
  squareApiUrl: string;
  /** Set when Twilio is configured; unset: no SMS is offered or sent. */
  twilio?: TwilioConfig;
};

export type TwilioConfig = {
  accountSid: string;
  authToken: string;
  /** A phone number, an alphanumeric sender ID, or a Messaging Service SID (MG…). */
  from: string;
  /** Without a trailing slash. */
  apiUrl: string;
};

export type FcmConfig = {
  projectId: string;
  clientEmail: string;
  privateKey: string;
  /** Where the calls to Google go (HTTPS_PROXY), with the CA that proxy signs with. */
  proxy?: { url: string; ca?: string };
};

/** FIREBASE_SERVICE_ACCOUNT: the key file's JSON, or the same base64-encoded (easier in env files). */
function parseServiceAccount(raw: string, proxy: FcmConfig["proxy"]): FcmConfig {
  const text = raw.trim().startsWith("{") ? raw : Buffer.from(raw, "base64").toString("utf8");
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new ConfigError("Invalid environment:\n  FIREBASE_SERVICE_ACCOUNT: must be the service account's JSON key");
  }
  const field = (name: string) => {
    const value = json[name];
    if (typeof value !== "string" || value === "") {
      throw new ConfigError(`Invalid environment:\n  FIREBASE_SERVICE_ACCOUNT: the key has no ${name}`);
    }
    return value;
  };
  return {
    projectId: field("project_id"),
    clientEmail: field("client_email"),
    privateKey: field("private_key"),
    ...(proxy && { proxy }),
  };
}

export class ConfigError extends Error {}

/**
 * What a production API server must be told rather than default to: a deploy that forgot its mail
 * server would keep one-time codes on its own disk, one that forgot Stripe's keys would give plans
 * away for Stripe's test cards, and one without its public address would mail links to localhost.
 */
export const PRODUCTION_REQUIRED = ["SMTP_URL", "PUBLIC_APP_URL", "PAYMENTS_MODE"] as const;

/** NODE_ENV=production without ALLOW_LOCAL_DEFAULTS: every PRODUCTION_REQUIRED variable is set. */
function checkProduction(env: Record<string, string | undefined>) {
  if (env.NODE_ENV !== "production") return;
  // Owners' webhook URLs could then reach this machine's own services (SSRF): a local production
  // run (ALLOW_LOCAL_DEFAULTS) is reachable from outside as much as a deployment is.
  if (env.WEBHOOKS_ALLOW_PRIVATE === "true" || env.WEBHOOKS_ALLOW_PRIVATE === "1") {
    throw new ConfigError(
      "Invalid environment:\n  WEBHOOKS_ALLOW_PRIVATE: not allowed with NODE_ENV=production (refusing to start)",
    );
  }
  if (env.ALLOW_LOCAL_DEFAULTS === "true" || env.ALLOW_LOCAL_DEFAULTS === "1") return;
  const missing = PRODUCTION_REQUIRED.filter((name) => !env[name]);
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid environment:\n${missing.map((name) => `  ${name}: required with NODE_ENV=production (refusing to start)`).join("\n")}\n` +
        "  (`npm start` runs the product locally on its embedded defaults.)",
    );
  }
}

/** Reads and validates the environment once at start; a bad value stops the server. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankToUndefined = Object.fromEntries(
    Object.entries(env).map(([key, value]) => [key, value === "" ? undefined : value]),
  );
  const parsed = envSchema.safeParse(blankToUndefined);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join("\n")}`);
  }
  checkProduction(blankToUndefined);
  const e = parsed.data;
  const keyed = Boolean(e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET);
  if (e.PAYMENTS_MODE === "live" && !keyed) {
    throw new ConfigError(
      "Invalid environment:\n  PAYMENTS_MODE: live needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (refusing to start)",
    );
  }
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError("Invalid environment:\n  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together");
  }
  const twilioSet = [e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN, e.TWILIO_FROM].filter(Boolean).length;
  if (twilioSet !== 0 && twilioSet !== 3) {
    throw new ConfigError(
      "Invalid environment:\n  TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM must be set together",
    );
  }
  const google = readGoogleWalletConfig(e);
  if ("error" in google) throw new ConfigError(`Invalid environment:\n  ${google.error}`);
  // Apple Wallet: all or nothing, checked (certificates, key) before the server starts.
  let appleWallet: AppleWalletConfig | undefined;
  try {
    appleWallet = appleWalletFromEnv(blankToUndefined);
  } catch (error) {
    throw new ConfigError(`Invalid environment:\n  ${(error as Error).message}`);
  }
  return {
    appleWallet,
    env: e.NODE_ENV,
    host: e.API_HOST,
    port: e.API_PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    appName: e.APP_NAME,
    publicAppUrl: e.PUBLIC_APP_URL.replace(/\/$/, ""),
    smtpUrl: e.SMTP_URL,
    mailDir: e.SMTP_URL
      ? undefined
      : ((e.MAIL_DIR && path.resolve(e.MAIL_DIR)) ??
        (e.NODE_ENV === "test" ? undefined : path.join(path.resolve(e.DATA_DIR), "mail"))),
    mailFrom: e.MAIL_FROM,
    contactEmail: e.CONTACT_EMAIL,
    linkSecret: e.SESSION_SECRET
      ? createHmac("sha256", e.SESSION_SECRET).update("customer-mail-links").digest()
      : undefined,
    unsubscribeEmail: e.UNSUBSCRIBE_EMAIL,
    smsConfigured: twilioSet === 3,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === "true" ? true : e.TRUST_PROXY.split(",").map((s) => s.trim()),
    migrateOnStart: e.MIGRATE_ON_START,
    seedOnStart: e.SEED_ON_START,
    seedDemoUser: e.SEED_DEMO_USER ?? !e.DATABASE_URL,
    rateLimitFactor: e.RATE_LIMIT_FACTOR,
    stripe:
      keyed && e.PAYMENTS_MODE !== "sandbox"
        ? { secretKey: e.STRIPE_SECRET_KEY!, webhookSecret: e.STRIPE_WEBHOOK_SECRET! }
        : undefined,
    googleWallet: google.config,
    fcm: e.FIREBASE_SERVICE_ACCOUNT
      ? parseServiceAccount(
          e.FIREBASE_SERVICE_ACCOUNT,
          e.HTTPS_PROXY
            ? { url: e.HTTPS_PROXY, ...(e.HTTPS_PROXY_CA && { ca: e.HTTPS_PROXY_CA.replace(/\\n/g, "\n") }) }
            : undefined,
        )
      : undefined,
    webhooksAllowLoopback: e.WEBHOOKS_ALLOW_PRIVATE,
    squareApiUrl: e.SQUARE_API_URL.replace(/\/$/, ""),
    twilio:
      twilioSet === 3
        ? {
            accountSid: e.TWILIO_ACCOUNT_SID!,
            authToken: e.TWILIO_AUTH_TOKEN!,
            from: e.TWILIO_FROM!,
            apiUrl: e.TWILIO_API_URL.replace(/\/$/, ""),
          }
        : undefined,
  };
}
