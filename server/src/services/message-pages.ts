import type { EventOf } from "./events";
import type { JobInfo } from "./jobs";

/**
 * A page of the cards a message reached, as the jobs that update those cards' wallet passes take
 * them (apple-wallet and google-wallet message-updates): a keyset page by card id, one job a page.
 */
export type MessagePage = {
  businessId: number;
  messageId: number;
  /** A segment's or an automation's message: only the cards it reached (message_recipients). */
  segmented: boolean;
  afterCardId: number;
  /** The `message.sent` job's id: the chain's effects and job ids derive from it. */
  source: string;
};

/** A page job as stored: one written before pages carried their source (an older release) has none. */
export type MessagePageJob = Omit<MessagePage, "source"> & { source?: string };

/** The first page of a message, for the listener that received its `message.sent` event as `job`. */
export const firstMessagePage = (e: EventOf<"message.sent">, job: JobInfo): MessagePage => ({
  businessId: e.businessId,
  messageId: e.messageId,
  segmented: e.segmented ?? false,
  afterCardId: 0,
  source: job.id,
});

/** A stored page job with its source: an older page without one is its own source. */
export const pageWithSource = (page: MessagePageJob, job: JobInfo): MessagePage => ({
  ...page,
  source: page.source ?? job.id,
});
