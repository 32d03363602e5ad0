import { createHash } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { businesses, cards } from "../../db/schema";

/**
 * A card's stable place in 0–99: the first 32 bits of the md5 of its serial, mod 100. The same
 * number in SQL (`controlBucketSql`), so a page of cards and one card agree.
 */
export function controlBucket(serial: string) {
  return parseInt(createHash("md5").update(serial).digest("hex").slice(0, 8), 16) % 100;
}

/**
 * Whether a card is held out of automations, messages and offers (never out of earning or
 * redeeming): its bucket is below its business's percent, so raising the percent only adds cards.
 */
export function inControlGroup(card: { serial: string; controlGroupPercent: number }) {
  return controlBucket(card.serial) < card.controlGroupPercent;
}

/** `controlBucket` of a serial column in SQL. */
export const controlBucketSql = (serial: SQL | typeof cards.serial) =>
  sql`(('x' || substr(md5(${serial}), 1, 8))::bit(32)::bigint % 100)`;

/** The condition a query of `cards` adds to reach only cards outside their business's control group. */
export const outsideControlGroup = (): SQL =>
  sql`${controlBucketSql(cards.serial)} >= (select ${businesses.controlGroupPercent} from ${businesses} where ${businesses.id} = ${cards.businessId})`;

/**
 * The condition that one card (by id) is outside its business's control group: a message to every
 * card holder ("all") is read by, pushed to and listed for these cards only.
 */
export const cardOutsideControlGroup = (cardId: number): SQL =>
  sql`exists (select 1 from ${cards} where ${cards.id} = ${cardId} and ${outsideControlGroup()})`;
