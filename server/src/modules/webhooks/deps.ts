import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { JobQueue } from "../../services/jobs";

/**
 * One attempt of one delivery. `attempt` is the number it will be (the row's `attempts` + 1):
 * a job whose attempt was recorded already (a rerun, or a retry and a "send again" racing) sends
 * nothing. `manual` (send again, test event) is sent even to a turned-off endpoint.
 */
export type Attempt = { deliveryId: number; attempt: number; manual?: boolean };
export type DeliveryQueue = JobQueue<Attempt>;

/** What the webhook calls and jobs use that the composition root (app.ts) creates. */
export type WebhookDeps = {
  db: Db;
  /** The delivery queue (deliver.ts, registerDelivery). */
  deliveries: DeliveryQueue;
  config: Pick<Config, "webhooksAllowLoopback">;
};
