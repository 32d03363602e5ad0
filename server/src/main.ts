import fs from "node:fs";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { connect } from "./db/client";
import { prepareDatabase } from "./prepare";
import { DEMO_USER } from "./seed";
import { unhandledRejection } from "./unhandled";

async function main() {
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  const config = loadConfig();
  const database = await connect(config);
  await prepareDatabase(database, config);

  const app = await buildApp(config, { database });
  process.on(
    "unhandledRejection",
    unhandledRejection(app.log, (code) => process.exit(code)),
  );
  if (app.payments.name === "sandbox") {
    app.log.warn(
      "*** PAYMENTS IN TEST MODE: no Stripe keys, the sandbox provider takes Stripe's test cards and no money moves. Set STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and PAYMENTS_MODE=live for real payments. ***",
    );
  }
  if (!config.smtpUrl) {
    app.log.warn(`SMTP_URL is not set: emails are kept in mail_outbox and written to ${config.mailDir ?? "no folder"}`);
  }
  if (config.seedDemoUser) {
    app.log.info(`demo account: ${DEMO_USER.email} / ${DEMO_USER.password}`);
  }

  // Housekeeping (services/housekeeping.ts) is a scheduled job: hourly, on one instance.

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await database.close();
    } finally {
      clearTimeout(timer);
      process.exit(0);
    }
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(`API server on PostgreSQL listening at http://${config.host}:${config.port}/api`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error("API server failed to start:", err);
  }
  process.exit(1);
});
