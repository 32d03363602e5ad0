import fs from "node:fs";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { installBackupSignal } from "./db/backup";
import { connect } from "./db/client";
import { DEMO_USER, seed } from "./db/seed";
import { prune, PRUNE_EVERY_MS } from "./services/housekeeping";

async function main() {
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  const config = loadConfig();
  const database = await connect(config);
  if (config.migrateOnStart) await database.migrate();
  if (config.seedOnStart) await seed(database.db, { demoUser: config.seedDemoUser });

  const app = await buildApp(config, { database });
  if (app.payments.name === "sandbox") {
    app.log.warn(
      "*** PAYMENTS IN TEST MODE: no Stripe keys, the sandbox provider takes Stripe's test cards and no money moves. Set STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and PAYMENTS_MODE=live for real payments. ***",
    );
  }
  if (!config.smtpUrl) app.log.warn("SMTP_URL is not set: emails are printed here and kept in mail_outbox");
  if (config.seedDemoUser) {
    app.log.info(`demo account: ${DEMO_USER.email} / ${DEMO_USER.password}`);
  }

  const housekeeping = () =>
    prune(database.db).then(
      (removed) => app.log.debug({ removed }, "housekeeping"),
      (err: unknown) => app.log.warn({ err }, "housekeeping failed"),
    );
  void housekeeping();
  // `npm run backup` asks the server for a dump of the embedded database it holds (db/backup.ts).
  const removePidFile = database.pglite ? installBackupSignal(database.pglite, config.dataDir, app.log) : () => {};
  const housekeepingTimer = setInterval(housekeeping, PRUNE_EVERY_MS).unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    clearInterval(housekeepingTimer);
    removePidFile();
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
  app.log.info(`API server on ${database.kind} listening at http://${config.host}:${config.port}/api`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error("API server failed to start:", err);
  }
  process.exit(1);
});
