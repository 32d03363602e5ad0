import path from "node:path";
import { ConfigError, loadConfig } from "../../src/config";

/** loadConfig with exactly these variables (never the real environment). */
const load = (env: Record<string, string | undefined> = {}) => loadConfig(env as NodeJS.ProcessEnv);

/** The message of the ConfigError that loading these variables throws. */
function configError(env: Record<string, string>): string {
  try {
    load(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).message;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(env)}`);
}

describe("loadConfig", () => {
  it("has a working default for everything (a fresh machine needs no .env)", () => {
    expect(load()).toEqual({
      env: "development",
      host: "127.0.0.1",
      port: 4000,
      dataDir: path.resolve("./data"),
      databaseUrl: undefined,
      appName: "Loyalty Cards",
      publicAppUrl: "http://localhost:3000",
      smtpUrl: undefined,
      mailDir: path.resolve("./data/mail"),
      mailFrom: "Loyalty Cards <no-reply@localhost>",
      logLevel: "info",
      trustProxy: ["127.0.0.1", "::1"],
      migrateOnStart: true,
      seedOnStart: true,
      seedDemoUser: true,
      rateLimitFactor: 1,
      webhooksAllowLoopback: false,
      squareApiUrl: "https://connect.squareup.com",
      smsConfigured: false,
    });
  });

  it("refuses to start on the removed PGlite, saying how to move its data", () => {
    expect(configError({ DATABASE: "pglite" })).toMatch(/DATABASE.*PGlite was removed.*npm run restore/);
    expect(configError({ DATABASE: "sqlite" })).toMatch(/DATABASE/);
    expect(() => load({ DATABASE: "postgres" })).not.toThrow();
  });

  it("reads every variable", () => {
    const config = load({
      NODE_ENV: "production",
      API_HOST: "0.0.0.0",
      API_PORT: "8080",
      DATA_DIR: "/var/lib/loyalty",
      DATABASE_URL: "postgresql://app:pw@db:5432/loyalty",
      DATABASE: "postgres",
      APP_NAME: "Stamp It",
      PUBLIC_APP_URL: "https://stamp.example.com/",
      SMTP_URL: "smtps://user:pw@smtp.example.com:465",
      MAIL_FROM: "Stamp It <hello@stamp.example.com>",
      LOG_LEVEL: "warn",
      TRUST_PROXY: "10.0.0.1, 10.0.0.2",
      MIGRATE_ON_START: "0",
      SEED_ON_START: "false",
      RATE_LIMIT_FACTOR: "2.5",
      PAYMENTS_MODE: "sandbox",
    });
    expect(config).toEqual({
      env: "production",
      host: "0.0.0.0",
      port: 8080,
      dataDir: "/var/lib/loyalty",
      databaseUrl: "postgresql://app:pw@db:5432/loyalty",
      appName: "Stamp It",
      publicAppUrl: "https://stamp.example.com",
      smtpUrl: "smtps://user:pw@smtp.example.com:465",
      mailDir: undefined,
      mailFrom: "Stamp It <hello@stamp.example.com>",
      logLevel: "warn",
      trustProxy: ["10.0.0.1", "10.0.0.2"],
      migrateOnStart: false,
      seedOnStart: false,
      seedDemoUser: false,
      rateLimitFactor: 2.5,
      webhooksAllowLoopback: false,
      squareApiUrl: "https://connect.squareup.com",
      smsConfigured: false,
    });
  });

  describe("NODE_ENV=production", () => {
    const production = {
      NODE_ENV: "production",
      SMTP_URL: "smtp://mail.example.com",
      PUBLIC_APP_URL: "https://cards.example.com",
      PAYMENTS_MODE: "sandbox",
    };

    it("starts when the mail server, the public address and the payments mode are given", () => {
      expect(load(production)).toMatchObject({ env: "production", publicAppUrl: "https://cards.example.com" });
    });

    it.each(["SMTP_URL", "PUBLIC_APP_URL", "PAYMENTS_MODE"])("refuses to start without %s", (name) => {
      const message = configError({ ...production, [name]: "" });
      expect(message).toContain(`${name}: required with NODE_ENV=production`);
      expect(message.match(/required with NODE_ENV/g)).toHaveLength(1);
    });

    it("names everything that is missing at once", () => {
      const message = configError({ NODE_ENV: "production" });
      for (const name of ["SMTP_URL", "PUBLIC_APP_URL", "PAYMENTS_MODE"]) expect(message).toContain(name);
    });

    it("runs on the local defaults only when told so (npm start)", () => {
      expect(load({ NODE_ENV: "production", ALLOW_LOCAL_DEFAULTS: "true" })).toMatchObject({
        env: "production",
        smtpUrl: undefined,
        stripe: undefined,
      });
      expect(load({ NODE_ENV: "development" }).env).toBe("development");
    });

    it("refuses WEBHOOKS_ALLOW_PRIVATE in production, npm start's local run included", () => {
      const local = { NODE_ENV: "production", ALLOW_LOCAL_DEFAULTS: "true" };
      for (const env of [production, local]) {
        for (const value of ["true", "1"]) {
          expect(configError({ ...env, WEBHOOKS_ALLOW_PRIVATE: value })).toContain(
            "WEBHOOKS_ALLOW_PRIVATE: not allowed with NODE_ENV=production",
          );
        }
        expect(load({ ...env, WEBHOOKS_ALLOW_PRIVATE: "false" }).webhooksAllowLoopback).toBe(false);
      }
      expect(load({ WEBHOOKS_ALLOW_PRIVATE: "true" }).webhooksAllowLoopback).toBe(true);
      expect(load({ NODE_ENV: "test", WEBHOOKS_ALLOW_PRIVATE: "true" }).webhooksAllowLoopback).toBe(true);
    });
  });

  it("seeds the demo user by default only on the embedded database", () => {
    expect(load().seedDemoUser).toBe(true);
    expect(load({ DATABASE_URL: "postgres://localhost/x" }).seedDemoUser).toBe(false);
    expect(load({ DATABASE_URL: "postgres://localhost/x", SEED_DEMO_USER: "true" }).seedDemoUser).toBe(true);
    expect(load({ SEED_DEMO_USER: "0" }).seedDemoUser).toBe(false);
  });

  it("treats blank variables as unset", () => {
    const config = load({ API_PORT: "", DATABASE_URL: "", SMTP_URL: "", LOG_LEVEL: "" });
    expect(config.port).toBe(4000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.logLevel).toBe("info");
  });

  it("trusts every proxy only when TRUST_PROXY is true", () => {
    expect(load({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(load({ TRUST_PROXY: "127.0.0.1" }).trustProxy).toEqual(["127.0.0.1"]);
  });

  it.each([
    ["API_PORT", "abc"],
    ["API_PORT", "70000"],
    ["API_PORT", "-1"],
    ["API_PORT", "80.5"],
    ["DATABASE_URL", "mysql://localhost/db"],
    ["DATABASE_URL", "localhost:5432"],
    ["SMTP_URL", "http://smtp.example.com"],
    ["PUBLIC_APP_URL", "not a url"],
    ["LOG_LEVEL", "loud"],
    ["NODE_ENV", "staging"],
    ["MIGRATE_ON_START", "yes"],
    ["SEED_ON_START", "TRUE"],
    ["SEED_DEMO_USER", "on"],
    ["RATE_LIMIT_FACTOR", "0"],
    ["RATE_LIMIT_FACTOR", "-2"],
    ["RATE_LIMIT_FACTOR", "fast"],
    ["MAIL_FROM", "x"],
  ])("refuses %s=%j with a ConfigError naming the variable", (name, value) => {
    const message = configError({ [name]: value });
    expect(message).toMatch(/^Invalid environment:\n/);
    expect(message).toContain(`  ${name}: `);
    expect(message.split("\n")).toHaveLength(2);
  });

  it("lists every bad variable at once", () => {
    const message = configError({ API_PORT: "abc", LOG_LEVEL: "loud", DATABASE_URL: "mysql://x" });
    for (const name of ["API_PORT", "LOG_LEVEL", "DATABASE_URL"]) expect(message).toContain(`  ${name}: `);
    expect(message).toContain("must be a postgres:// or postgresql:// URL");
  });

  it("ignores variables it does not know", () => {
    expect(load({ PATH: "/usr/bin", SOMETHING_ELSE: "x" })).toEqual(load());
  });
});

describe("payments configuration", () => {
  it("PAYMENTS_MODE=live refuses to start without Stripe's keys", () => {
    expect(() => load({ PAYMENTS_MODE: "live" })).toThrow(/PAYMENTS_MODE: live needs STRIPE_SECRET_KEY/);
    expect(() => load({ PAYMENTS_MODE: "live", STRIPE_SECRET_KEY: "sk_live_abc" })).toThrow(ConfigError);
  });

  it("uses Stripe when both keys are set, else the sandbox", () => {
    expect(load({}).stripe).toBeUndefined();
    const keyed = load({ PAYMENTS_MODE: "live", STRIPE_SECRET_KEY: "sk_live_abc", STRIPE_WEBHOOK_SECRET: "whsec_x" });
    expect(keyed.stripe).toEqual({ secretKey: "sk_live_abc", webhookSecret: "whsec_x" });
  });
});

describe("Google Wallet configuration", () => {
  const { generateKeyPairSync } = jest.requireActual<typeof import("node:crypto")>("node:crypto");
  const key = generateKeyPairSync("rsa", { modulusLength: 1024 }).privateKey.export({ type: "pkcs8", format: "pem" });
  const account = JSON.stringify({ client_email: "w@p.iam.gserviceaccount.com", private_key: key });

  it("is off without its variables", () => {
    expect(load().googleWallet).toBeUndefined();
  });
  it("takes the service account as JSON or base64, with Google's defaults", () => {
    for (const value of [account, Buffer.from(account).toString("base64")]) {
      expect(
        load({ GOOGLE_WALLET_ISSUER_ID: "3388000000012345", GOOGLE_WALLET_SERVICE_ACCOUNT: value }).googleWallet,
      ).toEqual({
        issuerId: "3388000000012345",
        clientEmail: "w@p.iam.gserviceaccount.com",
        privateKey: key,
        tokenUri: "https://oauth2.googleapis.com/token",
        apiUrl: "https://walletobjects.googleapis.com/walletobjects/v1",
      });
    }
  });
  it("is all or nothing, and names what is wrong", () => {
    expect(configError({ GOOGLE_WALLET_ISSUER_ID: "3388000000012345" })).toContain("must be set together");
    expect(configError({ GOOGLE_WALLET_SERVICE_ACCOUNT: account })).toContain("must be set together");
    expect(configError({ GOOGLE_WALLET_ISSUER_ID: "338800", GOOGLE_WALLET_SERVICE_ACCOUNT: "not json" })).toContain(
      "GOOGLE_WALLET_SERVICE_ACCOUNT",
    );
    const badKey = JSON.stringify({
      client_email: "w@p.iam.gserviceaccount.com",
      private_key: "-----BEGIN PRIVATE KEY-----x",
    });
    expect(configError({ GOOGLE_WALLET_ISSUER_ID: "338800", GOOGLE_WALLET_SERVICE_ACCOUNT: badKey })).toContain(
      "private_key",
    );
    expect(configError({ GOOGLE_WALLET_ISSUER_ID: "abc", GOOGLE_WALLET_SERVICE_ACCOUNT: account })).toContain(
      "GOOGLE_WALLET_ISSUER_ID",
    );
  });
});
