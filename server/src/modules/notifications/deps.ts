import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Events } from "../../services/events";
import type { Jobs } from "../../services/jobs";
import type { PushSender } from "../../services/push";
import type { RateLimiter } from "../../services/rate-limit";

/** What the notification calls use that the composition root (app.ts) creates. */
export type NotificationDeps = {
  db: Db;
  limiter: RateLimiter;
  events: Events;
  jobs: Jobs;
  push: Pick<PushSender, "configured">;
  config: Pick<Config, "fcm" | "smsConfigured">;
};
