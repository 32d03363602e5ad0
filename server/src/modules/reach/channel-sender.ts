import type { Db } from "../../db/client";

/** One card's message on one channel: what `queueSms` takes, and the mail's job is made of. */
export type ChannelSend = { cardId: number; purpose: string; marketing: boolean; title: string; body: string };

/**
 * A channel's sender. `claimsItself` false: the dispatcher claims each send in channel_sends
 * before `queue` (the sender sends the rows `claimed`); true: the sender's own job claims it
 * (SMS: `queueSms` checks its allowance as it claims). `queue` writes the sends' jobs in the page's
 * transaction; `jobId` is the page's, for ids derived from it.
 */
export type ChannelSender = {
  claimsItself: boolean;
  queue(tx: Db, sends: ChannelSend[], jobId: string): Promise<void>;
};
