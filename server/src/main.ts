import fs from "node:fs";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { installBackupSignal } from "./db/backup";
import { connect } from "./db/client";
import { prepareDatabase, prepareInChild, PREPARE_FLAG } from "./prepare";
import { DEMO_USER } from "./seed";

async function main() {
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  const config = loadConfig();
  if (process.argv.includes(PREPARE_FLAG)) {
    // The child of prepareInChild: prepare the embedded database, close it and exit.
    const database = await connect(config);
    try {
      await prepareDatabase(database, config);
    } finally {
      await database.close();
    }
    return;
  }
  // PGlite (DATABASE=pglite) is prepared by a child process, whose memory goes when it exits (issue
  // 17 §2: the API server stays within 350 MB, first start included); PostgreSQL (the embedded
  // server or DATABASE_URL) in this process.
  const embedded = !config.databaseUrl && config.embeddedDatabase === "pglite";
  if (embedded && (config.migrateOnStart || config.seedOnStart)) await prepareInChild();
  const database = await connect(config);
  if (!embedded) await prepareDatabase(database, config);

  const app = await buildApp(config, { database });
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
  // `npm run backup` asks the server for a dump of the embedded database it holds (db/backup.ts).
  const removePidFile = database.pglite ? installBackupSignal(database.pglite, config.dataDir, app.log) : () => {};

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
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
