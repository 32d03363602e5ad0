import { generateKeyPairSync } from "node:crypto";
import { defineConfig, devices } from "@playwright/test";
import { E2E } from "./e2e/fixtures/env";
import { WEB_SERVER_COMMAND_LINE } from "./scripts/lib/web-server-command.mjs";

// Google Wallet is configured with a key made for this run; its token and REST endpoints point at
// a port where nothing listens (a stamp's pass update fails there, logged, as a real outage would).
const googleKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({
  type: "pkcs8",
  format: "pem",
});
const googleWallet = {
  GOOGLE_WALLET_ISSUER_ID: E2E.googleIssuerId,
  GOOGLE_WALLET_SERVICE_ACCOUNT: JSON.stringify({
    client_email: "wallet@e2e.iam.gserviceaccount.com",
    private_key: googleKey,
    token_uri: `http://127.0.0.1:${E2E.deadApiPort}/token`,
  }),
  GOOGLE_WALLET_API_URL: `http://127.0.0.1:${E2E.deadApiPort}/walletobjects/v1`,
};

// SMS goes through Twilio's stand-in: the settings a deployment gives, with TWILIO_API_URL at it.
const twilio = {
  TWILIO_ACCOUNT_SID: E2E.twilioAccountSid,
  TWILIO_AUTH_TOKEN: E2E.twilioAuthToken,
  TWILIO_FROM: E2E.twilioFrom,
};

// The stack runs as `npm start` runs it, on the embedded database of its DATA_DIR, whatever the
// shell's DATABASE_URL (which every server of the stack would inherit): .ci/run sets one for
// npm test's API suite.
delete process.env.DATABASE_URL;

const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

// How long a server of the stack may take to answer at all. The API server migrates and seeds a
// fresh database first: 37 s here with the two cores busy, so 60 s was sometimes too little.
const SERVER_START_MS = 180_000;

export default defineConfig({
  testDir: "e2e",
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  fullyParallel: true,
  timeout: 60_000,
  reporter: [["list"], ["json", { outputFile: "reports/e2e.json" }]],
  // After the web servers start: waits until the public pages carry the API's content.
  globalSetup: "./e2e/fixtures/global-setup.ts",
  use: {
    baseURL: E2E.webUrl,
    trace: "on-first-retry",
    ...devices["Desktop Chrome"],
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  // A real SMTP server, Twilio's stand-in, the built API server on a fresh embedded database, and
  // the built web app.
  webServer: [
    {
      command: "node e2e/fixtures/mail-server.mjs",
      url: `${E2E.mailboxUrl}/health`,
      env: { SMTP_PORT: String(E2E.smtpPort), MAILBOX_PORT: String(E2E.mailboxPort) },
      reuseExistingServer: false,
    },
    {
      // Twilio's Messages API, and its signed status callbacks and incoming messages, which it
      // posts to the public origin as Twilio does (the BFF passes them on to the API server).
      command: "node e2e/fixtures/twilio-stand-in.mjs",
      url: `${E2E.twilioUrl}/health`,
      env: {
        TWILIO_STAND_IN_PORT: String(E2E.twilioPort),
        ...twilio,
        TWILIO_INBOUND_URL: `${E2E.webUrl}/api/hooks/twilio/inbound`,
      },
      reuseExistingServer: false,
    },
    {
      // Its log lines (warnings and up) go to a file: a failed run prints their tail (scripts/test.mjs).
      command: "node e2e/fixtures/api-server.mjs > reports/e2e-api.log",
      url: `${E2E.apiUrl}/health`,
      timeout: SERVER_START_MS,
      env: {
        NODE_ENV: "production",
        API_PORT: String(E2E.apiPort),
        DATA_DIR: E2E.dataDir,
        SMTP_URL: `smtp://127.0.0.1:${E2E.smtpPort}`,
        CONTACT_EMAIL: E2E.contactEmail,
        PUBLIC_APP_URL: E2E.webUrl,
        // Production settings, as a deployment gives them (the sandbox chosen explicitly).
        PAYMENTS_MODE: "sandbox",
        LOG_LEVEL: "warn",
        ...googleWallet,
        ...twilio,
        TWILIO_API_URL: E2E.twilioUrl,
      },
      reuseExistingServer: false,
    },
    {
      command: WEB_SERVER_COMMAND_LINE,
      url: E2E.webUrl,
      timeout: SERVER_START_MS,
      env: {
        PORT: String(E2E.webPort),
        BACKEND_API_URL: E2E.apiUrl,
        SESSION_SECRET: E2E.sessionSecret,
        PUBLIC_APP_URL: E2E.webUrl,
        PAYMENTS_MODE: "sandbox",
        DATA_DIR: E2E.dataDir,
        // The test-only pseudo-locale (NEXT_LOCALE=en-XA, e2e/pseudo-locale.spec.ts); never in production.
        I18N_PSEUDO: "1",
      },
      reuseExistingServer: false,
    },
    {
      // The same web app behind a (simulated) reverse proxy on the loopback address.
      command: WEB_SERVER_COMMAND_LINE,
      url: E2E.proxiedWebUrl,
      timeout: SERVER_START_MS,
      env: {
        PORT: String(E2E.proxiedWebPort),
        TRUSTED_PROXIES: "127.0.0.1,::1",
        // The app store badges show only where their links are set: here.
        NEXT_PUBLIC_APP_STORE_URL: E2E.appStoreUrl,
        NEXT_PUBLIC_PLAY_STORE_URL: E2E.playStoreUrl,
        NEXT_PUBLIC_FIREBASE_CONFIG: E2E.firebaseConfig,
        NEXT_PUBLIC_FIREBASE_VAPID_KEY: E2E.firebaseVapidKey,
        BACKEND_API_URL: E2E.apiUrl,
        SESSION_SECRET: E2E.sessionSecret,
        PUBLIC_APP_URL: E2E.webUrl,
        PAYMENTS_MODE: "sandbox",
        DATA_DIR: E2E.dataDir,
      },
      reuseExistingServer: false,
    },
    {
      // The same web app with its API server down: proves the BFF's 503.
      command: WEB_SERVER_COMMAND_LINE,
      url: E2E.deadWebUrl,
      timeout: SERVER_START_MS,
      env: {
        PORT: String(E2E.deadWebPort),
        BACKEND_API_URL: `http://127.0.0.1:${E2E.deadApiPort}/api`,
        SESSION_SECRET: E2E.sessionSecret,
        PUBLIC_APP_URL: E2E.webUrl,
        PAYMENTS_MODE: "sandbox",
        DATA_DIR: E2E.dataDir,
      },
      reuseExistingServer: false,
    },
  ],
});
