import { timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { applePassTokens, cards } from "../../db/schema";
import { HttpError } from "../../http/errors";
import { sha256 } from "../../crypto";
import { APPLE_AUTH_SCHEME } from "../../../../contract/apple-wallet";
import type { AppleWalletConfig } from "../../settings/apple-wallet";
import { verbatim } from "../../i18n/sentence";

/** Not "Unauthenticated." (that would end a browser session at the BFF): this is the pass's token. */
export const badPassToken = () => new HttpError(401, verbatim("The pass's authentication token is not valid."));

/**
 * The card a web-service call is about, when the call's `Authorization: ApplePass <token>` is one
 * of that card's pass tokens (compared in constant time) and the pass type is ours; else null.
 */
export async function authorisedCard(
  db: Db,
  config: AppleWalletConfig,
  passTypeId: string,
  serial: string,
  header: string | undefined,
): Promise<{ card: typeof cards.$inferSelect; token: string } | null> {
  const match = header?.match(new RegExp(`^${APPLE_AUTH_SCHEME} ([A-Za-z0-9_-]{16,200})$`));
  if (!match?.[1] || passTypeId !== config.passTypeId) return null;
  const [card] = await db.select().from(cards).where(eq(cards.serial, serial)).limit(1);
  if (!card) return null;
  const stored = await db
    .select({ hash: applePassTokens.tokenHash })
    .from(applePassTokens)
    .where(eq(applePassTokens.cardId, card.id));
  const presented = Buffer.from(sha256(match[1]), "hex");
  let ok = false;
  // Every stored hash is compared, each in constant time: the answer's timing says nothing.
  for (const { hash } of stored) ok = timingSafeEqual(Buffer.from(hash, "hex"), presented) || ok;
  return ok ? { card, token: match[1] } : null;
}

/** A card's change tag: its updated_at in microseconds since the epoch, exact, as a string. */
export const changeTag = sql<string>`((extract(epoch from ${cards.updatedAt}) * 1000000)::bigint)::text`;

/** Cards changed after a tag (all when no tag), by the tag's integer value. */
export const changedSince = (tag: string | undefined) =>
  tag ? sql`(extract(epoch from ${cards.updatedAt}) * 1000000)::bigint > ${tag}::bigint` : undefined;

/**
 * How long a change may take to become visible (its transaction's `now()` is when it began, not
 * when it committed), with room for the clocks of the API and database machines to differ.
 */
const SETTLING_MS = 5_000;
const SECOND = 1000;

/**
 * The Last-Modified of a pass served now. HTTP dates have whole seconds, and the phone sends the
 * date back as If-Modified-Since, so a change later in the same second as the served copy must
 * still compare as newer: the date is the card's time rounded up (a copy of an old card is current
 * until the card changes), but never later than the whole second a few seconds before now (a
 * change after this copy was read is always after it). A recently changed card then gets a
 * needless 200 once; a change is never answered 304 (it was: a stamp in the second the phone had
 * fetched its pass stayed off the phone until the next one).
 */
export function lastModified(updatedAt: Date, now: Date = new Date()): Date {
  const roundedUp = Math.ceil(updatedAt.getTime() / SECOND) * SECOND;
  const settled = Math.floor((now.getTime() - SETTLING_MS) / SECOND) * SECOND;
  return new Date(Math.min(roundedUp, settled));
}

/** Whether the phone's copy (If-Modified-Since, a date `lastModified` gave) is current. */
export function notModifiedSince(updatedAt: Date, ifModifiedSince: string | undefined): boolean {
  if (!ifModifiedSince) return false;
  const since = Date.parse(ifModifiedSince);
  if (Number.isNaN(since)) return false;
  return updatedAt.getTime() < since;
}
