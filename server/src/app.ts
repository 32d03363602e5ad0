import Fastify, { LogController, type FastifyError, type FastifyInstance } from "fastify";
import helmet from "@fastify/helmet";
import multipart from "@fastify/multipart";
import { messages } from "../../lib/contract/envelope";
import type { Config } from "./config";
import type { Database, Db } from "./db/client";
import { HttpError } from "./http/errors";
import { registerJsonParser } from "./http/json-body";
import { loggerOptions } from "./logger";
import { appleWalletRoutes } from "./modules/apple-wallet/routes";
import { authRoutes } from "./modules/auth/routes";
import { businessRoutes } from "./modules/businesses/routes";
import { dashboardRoutes } from "./modules/dashboard/routes";
import { fileRoutes } from "./modules/files/routes";
import { googleWalletRoutes } from "./modules/google-wallet/routes";
import { createGoogleWallet, type GoogleWallet } from "./modules/google-wallet/service";
import { healthRoutes } from "./modules/health/routes";
import { loyaltyRoutes } from "./modules/loyalty/routes";
import { notificationRoutes } from "./modules/notifications/routes";
import { productCategoryRoutes } from "./modules/product-categories/routes";
import { staffRoutes } from "./modules/staff/routes";
import { planRoutes } from "./modules/plans/routes";
import { paymentRoutes } from "./modules/payments/routes";
import { siteRoutes } from "./modules/site/routes";
import { userRoutes } from "./modules/users/routes";
import { createMailer, type Mailer } from "./services/mail";
import { createPaymentProvider, type PaymentProvider } from "./services/payments";
import { createCounterFeed, type CounterFeed } from "./services/counter-feed";
import { createEvents, type Events } from "./services/events";
import { createRateLimiter, type RateLimiter } from "./services/rate-limit";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    mailer: Mailer;
    limiter: RateLimiter;
    /** Stripe or the sandbox; nothing else knows which. */
    payments: PaymentProvider;
    /**
     * Runs work after the answer is sent (mail whose sending must not show in the response time).
     * Failures are logged; `settle()` waits for all of it (tests, shutdown).
     */
    afterResponse(task: () => Promise<unknown>): void;
    settle(): Promise<void>;
    /** Domain events (services/events.ts): listeners run after the answer. */
    events: Events;
    /** Google Wallet passes (issue 10 §5); `configured: false` without its environment. */
    googleWallet: GoogleWallet;
    /** Stamps as counter screens see them (LISTEN/NOTIFY; services/counter-feed.ts). */
    counterFeed: CounterFeed;
  }
}

/** The largest request body (JSON, form or multipart); matches the BFF cap (BFF_BODY_LIMIT). */
const BODY_LIMIT = 5 * 1024 * 1024;

export type AppDeps = { database: Database; mailer?: Mailer; payments?: PaymentProvider };

/** Builds the API server (routes under /api) without listening: tests use `app.inject`. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    trustProxy: config.trustProxy,
    // Matches the BFF cap (BFF_BODY_LIMIT): larger bodies are refused there, while streaming.
    bodyLimit: BODY_LIMIT,
    // The access log comes from the onResponse hook below, with a redacted URL.
    logController: new LogController({ disableRequestLogging: true }),
  });

  app.decorate("config", config);
  app.decorate("database", deps.database);
  app.decorate("db", deps.database.db);
  app.decorate(
    "mailer",
    deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: deps.database.db, log: app.log }),
  );
  app.decorate("limiter", createRateLimiter(deps.database.db, config.rateLimitFactor));
  app.decorate("payments", deps.payments ?? createPaymentProvider(config));
  app.decorate("googleWallet", createGoogleWallet(config, app.log));

  const pending = new Set<Promise<unknown>>();
  app.decorate("afterResponse", (task: () => Promise<unknown>) => {
    const run: Promise<unknown> = new Promise((resolve) => setImmediate(resolve))
      .then(task)
      .catch((err: unknown) => app.log.error({ err }, "after-response task failed"))
      .finally(() => pending.delete(run));
    pending.add(run);
  });
  app.decorate("settle", async () => {
    while (pending.size > 0) await Promise.all([...pending]);
  });
  app.decorate("events", createEvents(app.afterResponse));
  app.decorate("counterFeed", createCounterFeed(deps.database, app.log));
  app.addHook("onClose", async () => app.counterFeed.close());

  await app.register(helmet, { contentSecurityPolicy: false, crossOriginResourcePolicy: { policy: "same-site" } });

  registerJsonParser(app);
  // Form posts are part of the contract as much as JSON (the original backend took both).
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  // Multipart forms (add-business with its logo) arrive as plain fields with files as Buffers, so
  // the contract's zod schema validates them like any other body. A file may be as large as the
  // body cap: its size is the schema's to judge (a too-large logo is a 422 with a field message).
  await app.register(multipart, {
    attachFieldsToBody: "keyValues",
    limits: { fileSize: BODY_LIMIT, files: 1, fields: 30, fieldSize: 64 * 1024, parts: 40 },
  });

  app.addHook("onResponse", async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.routeOptions.url ?? "unknown",
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      "request",
    );
  });

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ status: false, message: error.message, data: null, ...(error.errors && { errors: error.errors }) });
    }
    const code = (error as FastifyError).code;
    if (
      code === "FST_ERR_CTP_INVALID_JSON_BODY" ||
      code === "FST_ERR_CTP_EMPTY_JSON_BODY" ||
      error instanceof SyntaxError
    ) {
      return reply.code(422).send({
        status: false,
        message: messages.invalidInput,
        data: null,
        errors: { _: ["The request body is not valid JSON."] },
      });
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.code(status).send({ status: false, message: error.message, data: null });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.code(500).send({ status: false, message: messages.serverError, data: null });
  });

  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ status: false, message: messages.notFound, data: null }),
  );

  await app.register(
    async (api) => {
      healthRoutes(api);
      authRoutes(api);
      userRoutes(api);
      fileRoutes(api);
      dashboardRoutes(api);
      businessRoutes(api);
      productCategoryRoutes(api);
      staffRoutes(api);
      siteRoutes(api);
      planRoutes(api);
      paymentRoutes(api);
      loyaltyRoutes(api);
      googleWalletRoutes(api);
      appleWalletRoutes(api);
      notificationRoutes(api);
    },
    { prefix: "/api" },
  );

  app.addHook("onClose", async () => {
    await app.settle();
    app.mailer.close();
  });

  return app;
}
