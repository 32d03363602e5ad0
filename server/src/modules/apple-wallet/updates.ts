import type { FastifyInstance } from "fastify";
import type { Apns } from "./apns";
import { appleMessageUpdates } from "./message-updates";
import { cardPusher } from "./pushes";

/**
 * A stamp or a redeem: tell every phone holding the card's pass to fetch it again; a message to
 * the card holders (issue 16): the passes of the cards it reached show it. app.ts calls this only
 * when Apple Wallet is configured: unconfigured, no listener, and a stamp schedules nothing.
 */
export function registerApplePassUpdates(app: FastifyInstance, apns: Apns) {
  const pushCards = cardPusher(app, apns);
  // One push per phone per stamp, however often the job runs: its effects are keyed by its id.
  app.events.on("card.changed", "apple-pass", ({ cardId }, job) => pushCards([cardId], job.id));
  appleMessageUpdates(app, pushCards);
}
