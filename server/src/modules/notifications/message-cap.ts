import { eq } from "drizzle-orm";
import type { Channel } from "../../../../contract/card-preferences";
import type { Db } from "../../db/client";
import { businesses, businessMessages } from "../../db/schema";
import { messagePurpose } from "./channels";
import { decideMarketing, type MarketingSend } from "./weekly-cap";

/** A message as the weekly cap decides it, or null when it is not marketing (or is gone). */
export async function marketingSendOf(db: Db, messageId: number): Promise<MarketingSend | null> {
  const [found] = await db
    .select({
      userId: businessMessages.userId,
      businessId: businessMessages.businessId,
      marketing: businessMessages.marketing,
      channels: businessMessages.channels,
      cap: businesses.messageWeeklyCap,
    })
    .from(businessMessages)
    .innerJoin(businesses, eq(businesses.id, businessMessages.businessId))
    .where(eq(businessMessages.id, messageId))
    .limit(1);
  if (!found?.marketing) return null;
  return {
    purpose: messagePurpose(messageId),
    channels: found.channels as Channel[],
    userId: found.userId,
    businessId: found.businessId,
    cap: found.cap,
  };
}

/**
 * The cards of this page that the message is held from by the weekly cap (weekly-cap.ts
 * `decideMarketing`), decided in `tx`: a wallet or push page sends nothing to them. None for a
 * message that is not marketing.
 */
export async function heldFromMessage(tx: Db, messageId: number, cardIds: number[]): Promise<Set<number>> {
  const send = await marketingSendOf(tx, messageId);
  return send ? decideMarketing(tx, send, cardIds) : new Set();
}
