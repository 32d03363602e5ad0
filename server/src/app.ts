import Fastify, { LogController, type FastifyInstance } from "fastify";
import helmet from "@fastify/helmet";
import multipart from "@fastify/multipart";
import { localeFromAcceptLanguage } from "../../contract/locales";
import { translator } from "./i18n";
import type { Config } from "./config";
import type { Database, Db } from "./db/client";
import { HttpError } from "./http/errors";
import { failureOf } from "./http/failure";
import { integrationRoutes } from "./modules/integrations/routes";
import { insightRoutes } from "./modules/insights/routes";
import { registerJsonParser } from "./http/json-body";
import { isCsvUploadRoute, readCsv } from "./http/csv-upload";
import { loggerOptions, type LogStream } from "./logger";
import { apiKeyRoutes } from "./modules/api-keys/routes";
import { publicApi } from "./modules/v1/plugin";
import { appleWalletRoutes } from "./modules/apple-wallet/routes";
import { authRoutes } from "./modules/auth/routes";
import { businessRoutes } from "./modules/businesses/routes";
import { cardDesignRoutes } from "./modules/card-design/routes";
import { dashboardRoutes } from "./modules/dashboard/routes";
import { fileRoutes } from "./modules/files/routes";
import { createGoogleWallet } from "./modules/google-wallet/service";
import { healthRoutes } from "./modules/health/routes";
import { loyaltyRoutes } from "./modules/loyalty/routes";
import type { LoyaltyDeps } from "./modules/loyalty/shared/deps";
import { walletRoutes } from "./modules/wallet/routes";
import { notificationRoutes } from "./modules/notifications/routes";
import { customerRoutes } from "./modules/customers/routes";
import { customerImportRoutes } from "./modules/customer-import/routes";
import { registerImportJob } from "./modules/customer-import/job";
import { automationRoutes } from "./modules/automations/routes";
import { openApiRoutes } from "./modules/openapi/routes";
import { productCategoryRoutes } from "./modules/product-categories/routes";
import { categoryRuleRoutes } from "./modules/category-rules/routes";
import { promotionRoutes } from "./modules/promotions/routes";
import { offerRoutes } from "./modules/offers/routes";
import { registerOfferSendJob } from "./modules/offers/send-job";
import { staffRoutes } from "./modules/staff/routes";
import { planRoutes } from "./modules/plans/routes";
import { paymentRoutes } from "./modules/payments/routes";
import { siteRoutes } from "./modules/site/routes";
import { userRoutes } from "./modules/users/routes";
import { webhookRoutes } from "./modules/webhooks/routes";
import { createMailer, type Mailer } from "./services/mail";
import { createPaymentProvider, type PaymentProvider } from "./services/payments";
import { createCounterFeed } from "./services/counter-feed";
import { createEvents, type Events } from "./services/events";
import { registerHousekeeping } from "./services/housekeeping";
import { childJobId, createJobs, type Jobs, type JobsOptions } from "./services/jobs";
import { queueMail, registerMailJobs } from "./services/mail-jobs";
import { createRateLimiter, type RateLimiter } from "./services/rate-limit";
import { createPushSender } from "./services/push";
import { registerCodeRequests } from "./modules/auth/code-requests";
import { createApns } from "./modules/apple-wallet/apns";
import { createPassImageCache } from "./modules/apple-wallet/images";
import { registerApplePassUpdates } from "./modules/apple-wallet/updates";
import { scheduleAutomations } from "./modules/automations/run";
import { registerGoogleWalletUpdates } from "./modules/google-wallet/updates";
import { registerSquarePayments } from "./modules/integrations/square-customers";
import { scheduleExpiry } from "./modules/loyalty/rewards/expiry";
import { scheduleLevels } from "./modules/levels/nightly";
import { scheduleStaffAlerts } from "./modules/insights/staff-alerts";
import { scheduleInsights } from "./modules/insights/refresh";
import { registerLevelNotices } from "./modules/levels/notice";
import { registerFeedListeners } from "./modules/notifications/feed";
import { registerPushJobs } from "./modules/notifications/push-targets";
import { registerReconciliation } from "./modules/payments/reconcile";
import { registerPaymentJobs } from "./modules/payments/settle";
import { registerContactMail } from "./modules/site/contact-mail";
import { registerCustomerMail } from "./modules/reach/customer-mail";
import { registerMessageMail } from "./modules/reach/message-mail";
import { registerChannelDispatch, type ChannelSenders } from "./modules/notifications/channels";
import { reachRoutes } from "./modules/reach/routes";
import { registerNoticeMail } from "./modules/notifications/notice-mail";
import { registerSms } from "./modules/reach/sms/send";
import { smsRoutes } from "./modules/reach/sms/routes";
import { createTwilio } from "./modules/reach/sms/twilio";
import { registerDelivery } from "./modules/webhooks/deliver";
import { registerFanOut } from "./modules/webhooks/fan-out";

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
     * Durable background work (services/jobs.ts): what a call causes outside the database (mail,
     * pushes, wallet updates) is a job written in the call's transaction, run by a worker.
     */
    jobs: Jobs;
    /** Runs every job that is due until none is left (tests: what a call caused has happened). */
    settle(): Promise<void>;
    /** Domain events (services/events.ts): each listener is a job queue, emitted in a transaction. */
    events: Events;
  }
}

/** The largest request body (JSON, form or multipart); matches the BFF cap (BFF_BODY_LIMIT). */
const BODY_LIMIT = 5 * 1024 * 1024;

export type AppDeps = {
  database: Database;
  mailer?: Mailer;
  payments?: PaymentProvider;
  jobs?: JobsOptions;
  /** The log's lines, when not stdout (benches that run the app in their own process). */
  logStream?: LogStream;
};

/**
 * Builds the API server (routes under /api) without listening: tests use `app.inject`.
 *
 * The composition root: every service, job queue, worker, scheduler and listener the server runs
 * is created here, in this order: config and database (given) → services → job workers and
 * schedulers → event listeners → HTTP plumbing → routes. Route modules receive what they use
 * (`app`'s decorations, or a deps object) and create nothing. Reading this function tells what the
 * process runs.
 */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, deps.logStream),
    trustProxy: config.trustProxy,
    // Matches the BFF cap (BFF_BODY_LIMIT): larger bodies are refused there, while streaming.
    bodyLimit: BODY_LIMIT,
    // The access log comes from the onResponse hook below, with a redacted URL.
    logController: new LogController({ disableRequestLogging: true }),
  });

  // Config and database.
  app.decorate("config", config);
  app.decorate("database", deps.database);
  app.decorate("db", deps.database.db);

  // Services.
  app.decorate(
    "mailer",
    deps.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        mailDir: config.mailDir,
        from: config.mailFrom,
        db: deps.database.db,
        log: app.log,
      }),
  );
  // Without CONTACT_EMAIL there is no one to send to, even with SMTP: keep it in the log and outbox.
  const contactMailer = config.contactEmail
    ? app.mailer
    : createMailer({ from: config.mailFrom, db: deps.database.db, log: app.log });
  app.decorate("limiter", createRateLimiter(deps.database.db, config.rateLimitFactor));
  app.decorate("payments", deps.payments ?? (await createPaymentProvider(config)));
  // Google Wallet passes; `configured: false` without its environment.
  const googleWallet = createGoogleWallet(config, app.log);
  const push = createPushSender(config.fcm, app.log);
  app.addHook("onClose", async () => push.close());
  // Apple Wallet: the pass images are cached; APNs is reached only when configured.
  const passImages = createPassImageCache();
  const apns = config.appleWallet && createApns(config.appleWallet);
  if (apns) app.addHook("onClose", async () => apns.close());
  // Stamps as counter screens see them (LISTEN/NOTIFY).
  const counterFeed = createCounterFeed(deps.database, app.log);
  app.addHook("onClose", async () => counterFeed.close());

  const jobs = createJobs(deps.database, app.log, deps.jobs);
  app.decorate("jobs", jobs);
  app.decorate("settle", () => jobs.drain());
  app.decorate("events", createEvents(jobs));
  const loyalty: LoyaltyDeps = { db: app.db, database: deps.database, events: app.events, counterFeed, log: app.log };

  // The job queue starts with the server. With the database out of reach at that moment (a
  // restart, a failover) the server starts all the same, its calls answer 503, and the queue is
  // tried again, every 1, 2, 4 … 30 s, until the database answers.
  let jobsRetry: NodeJS.Timeout | undefined;
  let closing = false;
  const startJobs = (attempt: number): Promise<void> =>
    jobs.start().catch((err: unknown) => {
      if (closing) return;
      const delay = Math.min(30_000, 1000 * 2 ** attempt);
      app.log.error({ err }, `job queue did not start: trying again in ${delay / 1000} s`);
      jobsRetry = setTimeout(() => void startJobs(attempt + 1), delay).unref();
    });
  app.addHook("onReady", () => startJobs(0));
  app.addHook("preClose", async () => {
    closing = true;
    clearTimeout(jobsRetry);
  });

  // Job workers and schedulers.
  registerMailJobs(jobs, { db: app.db, mailer: app.mailer });
  registerHousekeeping(jobs, { db: app.db, log: app.log });
  scheduleExpiry(jobs, loyalty);
  scheduleLevels(jobs, { db: app.db, events: app.events, log: app.log });
  scheduleStaffAlerts(jobs, { db: app.db, config });
  scheduleInsights(jobs, { db: app.db, log: app.log });
  const otpDeps = { db: app.db, limiter: app.limiter, jobs, config };
  const codeRequests = registerCodeRequests(jobs, otpDeps);
  const contactMailJob = registerContactMail(jobs, { db: app.db, mailer: contactMailer });
  const customerMail = registerCustomerMail(jobs, { db: app.db, mailer: app.mailer, config });
  registerNoticeMail(jobs, app.events, { db: app.db, mailer: app.mailer, config });
  // SMS through Twilio when configured; unconfigured, every SMS is recorded as skipped.
  const smsQueue = registerSms(jobs, {
    db: app.db,
    sender: config.twilio ? createTwilio(config.twilio) : null,
    config,
  });
  // A message's email and SMS, card by card: the table channel → sender. The dispatcher claims
  // each send before it queues it (the weekly cap counts it at once); an SMS job then checks the
  // plan's monthly allowance as it takes its claim over.
  const channelSenders: ChannelSenders = {
    email: registerMessageMail(jobs, { db: app.db, mailer: app.mailer, config }),
    sms: config.twilio
      ? {
          queue: async (tx, sends, jobId) => {
            for (const send of sends) {
              await smsQueue.enqueue(
                tx,
                { cardId: send.cardId, purpose: send.purpose, marketing: send.marketing, body: send.body },
                { id: childJobId(jobId, String(send.cardId)) },
              );
            }
          },
        }
      : null,
  };
  registerChannelDispatch(jobs, app.db, channelSenders);
  const paymentDeps = {
    db: app.db,
    payments: app.payments,
    events: app.events,
    jobs,
    mailer: app.mailer,
    limiter: app.limiter,
    log: app.log,
    config,
  };
  registerPaymentJobs(jobs, paymentDeps);
  // After the queue's start (onReady hooks run in order): it queues a reconciliation at start.
  registerReconciliation(app, paymentDeps);
  const pushes = registerPushJobs(jobs, { db: app.db, push });
  scheduleAutomations(jobs, { db: app.db, events: app.events, jobs, log: app.log, config });
  const deliveries = registerDelivery(jobs, { db: app.db, config });
  const customerImports = registerImportJob(jobs, { db: app.db });
  registerOfferSendJob(jobs, { db: app.db, events: app.events });
  const squarePayments = registerSquarePayments(jobs, { db: app.db, events: app.events, config });

  // Event listeners (each a job queue of its own: services/events.ts).
  registerFeedListeners(app, { db: app.db, pushes, publicAppUrl: config.publicAppUrl });
  registerGoogleWalletUpdates(app, { db: app.db, log: app.log, googleWallet, publicAppUrl: config.publicAppUrl });
  if (apns) registerApplePassUpdates(app, { db: app.db, apns });
  registerFanOut(app, { db: app.db, deliveries });
  registerLevelNotices({ db: app.db, events: app.events, jobs, config });

  // HTTP plumbing.
  await app.register(helmet, { contentSecurityPolicy: false, crossOriginResourcePolicy: { policy: "same-site" } });

  registerJsonParser(app);
  // Form posts are part of the contract as much as JSON (the original backend took both).
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  // Multipart forms (add-business with its logo) arrive as plain fields with files as Buffers, so
  // the contract's zod schema validates them like any other body. A file may be as large as the
  // body cap: its size is the schema's to judge (a too-large logo is a 422 with a field message).
  // A call that declares an `upload` (contract) reads its file as it streams in instead: its
  // handler gets the file's cells, and its route raises the size limit to the call's.
  await app.register(multipart, {
    attachFieldsToBody: "keyValues",
    limits: { fileSize: BODY_LIMIT, files: 1, fields: 30, fieldSize: 64 * 1024, parts: 40 },
    async onFile(part) {
      if (isCsvUploadRoute(this)) (part as typeof part & { value?: unknown }).value = await readCsv(part.file);
      else await part.toBuffer();
    },
  });

  app.addHook("onResponse", async (request, reply) => {
    // A call that wrote jobs has committed them by now: this instance's workers start at once.
    jobs.kick();
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

  app.setErrorHandler((error, request, reply) => {
    // The app's calls answer in the page's language (the BFF passes it on as Accept-Language).
    const t = translator(localeFromAcceptLanguage(request.headers["accept-language"]));
    const failure = failureOf(error, request);
    return reply
      .code(failure.status)
      .headers(failure.headers)
      .send({
        status: false,
        code: failure.code,
        data: null,
        ...new HttpError(failure.status, failure.sentence, failure.fields).localized(t),
      });
  });

  app.setNotFoundHandler((request, reply) => {
    const t = translator(localeFromAcceptLanguage(request.headers["accept-language"]));
    return reply.code(404).send({ status: false, code: "not_found", message: t("http.notFound"), data: null });
  });

  await app.register(
    async (api) => {
      healthRoutes(api);
      authRoutes(api, { ...otpDeps, codeRequests });
      userRoutes(api, { db: app.db, limiter: app.limiter });
      fileRoutes(api);
      dashboardRoutes(api, { db: app.db });
      businessRoutes(api);
      cardDesignRoutes(api);
      productCategoryRoutes(api);
      categoryRuleRoutes(api);
      promotionRoutes(api);
      offerRoutes(api, { db: app.db, events: app.events, jobs });
      staffRoutes(api, { db: app.db, jobs, events: app.events, limiter: app.limiter, config });
      siteRoutes(api, { db: app.db, limiter: app.limiter, config, contactMailJob });
      planRoutes(api);
      paymentRoutes(api, paymentDeps);
      loyaltyRoutes(api, loyalty);
      walletRoutes(api, {
        db: app.db,
        events: app.events,
        limiter: app.limiter,
        googleWallet,
        queueMail: (tx, mail) => queueMail({ jobs }, tx, mail),
        customerMail,
        config,
      });
      reachRoutes(api, { db: app.db, config });
      smsRoutes(api, { db: app.db, config });
      appleWalletRoutes(api, { db: app.db, limiter: app.limiter, images: passImages, config });
      notificationRoutes(api, { db: app.db, limiter: app.limiter, events: app.events, jobs, push, config });
      customerRoutes(api);
      customerImportRoutes(api, { db: app.db, queue: customerImports });
      automationRoutes(api, { db: app.db });
      webhookRoutes(api, { db: app.db, deliveries, config });
      openApiRoutes(api);
      integrationRoutes(api, { db: app.db, events: app.events, config, squarePayments });
      apiKeyRoutes(api);
      insightRoutes(api, { db: app.db });
      // POST /v1/messages sends as notification-add does (notifications/send.ts).
      await api.register(publicApi, { prefix: "/v1" });
    },
    { prefix: "/api" },
  );

  app.addHook("onClose", async () => {
    // Jobs not run yet stay in the database for the next start (or another instance).
    await jobs.stop();
    app.mailer.close();
  });

  return app;
}
