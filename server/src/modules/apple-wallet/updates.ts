import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { applePassRegistrations } from "../../db/schema";
import { appleMessageUpdates } from "./message-updates";
import { cardPusher } from "./pushes";
import type { ApplePassUpdateDeps } from "./service";

/**
 * A stamp or a redeem: tell every phone holding the card's pass to fetch it again; a message to
 * the card holders: the passes of the cards it reached show it. app.ts calls this only
 * when Apple Wallet is configured: unconfigured, no listener, and a stamp schedules nothing.
 */
export function registerApplePassUpdates(app: FastifyInstance, deps: ApplePassUpdateDeps) {
  const pushCards = cardPusher(deps);
  // One push per phone per stamp, however often the job runs: its effects are keyed by its id.
  app.events.on("card.changed", "apple-pass", ({ cardId }, job) => pushCards([cardId], job.id), {
    // A card in no phone's Wallet has nobody to push: no job.
    when: (event) =>
      sql`exists (select 1 from ${applePassRegistrations} r where r.card_id = (${event}->>'cardId')::int)`,
  });
  appleMessageUpdates(app, { db: deps.db, pushCards });
}
