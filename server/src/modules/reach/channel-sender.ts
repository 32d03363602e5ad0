import type { Db } from "../../db/client";

/** One card's message on one channel: what `queueSms` takes, and the mail's job is made of. */
export type ChannelSend = { cardId: number; purpose: string; marketing: boolean; title: string; body: string };

/**
 * A channel's sender. The dispatcher claims each send in channel_sends before `queue` (so the
 * weekly cap counts it at once); the sender's job sends the rows `claimed` (SMS first checks the
 * plan's allowance as it takes the claim over). `queue` writes the sends' jobs in the page's
 * transaction; `jobId` is the page's, for ids derived from it.
 */
export type ChannelSender = {
  queue(tx: Db, sends: ChannelSend[], jobId: string): Promise<void>;
};
