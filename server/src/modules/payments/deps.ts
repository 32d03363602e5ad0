import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Events } from "../../services/events";
import type { Jobs } from "../../services/jobs";
import type { Mailer } from "../../services/mail";
import type { PaymentProvider } from "../../services/payments";
import type { RateLimiter } from "../../services/rate-limit";

/** What the payments module uses that the composition root (app.ts) creates. */
export type PaymentDeps = {
  db: Db;
  /** Stripe or the sandbox; nothing else knows which. */
  payments: PaymentProvider;
  events: Events;
  jobs: Jobs;
  mailer: Mailer;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
  config: Pick<Config, "appName" | "publicAppUrl">;
};
