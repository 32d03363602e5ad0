import { and, asc, eq, gt } from "drizzle-orm";
import { rowId } from "../../../../contract/v1/cards";
import type { Db } from "../../db/client";
import { cardEvents, cards, customers } from "../../db/schema";
import { HttpError } from "../../http/errors";
import { verbatim } from "../../i18n/sentence";

const DEFAULT_LIMIT = 50;
const BAD_CURSOR = "The cursor is not one this API answered.";
/** Cursors are the last id of the page, opaque to the caller (they may become richer later). */
const encode = (id: number) => Buffer.from(`v1:${id}`).toString("base64url");
function decode(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const match = Buffer.from(cursor, "base64url")
    .toString()
    .match(/^v1:(\d{1,10})$/);
  // An id past the largest one a row can have (2^31-1) was never a page's last.
  const id = rowId.safeParse(Number(match?.[1]));
  if (!match || !id.success) throw new HttpError(422, verbatim(BAD_CURSOR), { cursor: [verbatim(BAD_CURSOR)] });
  return id.data;
}

/** A page of `limit` rows and the cursor of the next one (null on the last page). */
function page<T extends { id: number }>(rows: T[], limit: number) {
  const more = rows.length > limit;
  const data = rows.slice(0, limit);
  return { data, next_cursor: more ? encode(data.at(-1)!.id) : null };
}

type PageQuery = { cursor?: string; limit?: number };

/** The owner's customers, oldest first, a page after the cursor. */
export async function customerPage(db: Db, ownerId: number, query: PageQuery) {
  const limit = query.limit ?? DEFAULT_LIMIT;
  const rows = await db
    .select({
      id: customers.id,
      name: customers.name,
      email: customers.email,
      phone: customers.phone,
      createdAt: customers.createdAt,
    })
    .from(customers)
    .where(and(eq(customers.userId, ownerId), gt(customers.id, decode(query.cursor))))
    .orderBy(asc(customers.id))
    .limit(limit + 1);
  const { data, next_cursor } = page(rows, limit);
  return {
    data: data.map(({ createdAt, ...row }) => ({ ...row, created_at: createdAt.toISOString() })),
    next_cursor,
  };
}

/** The owner's card events (joins, stamps, redeems …), oldest first, a page after the cursor. */
export async function eventPage(db: Db, ownerId: number, query: PageQuery) {
  const limit = query.limit ?? DEFAULT_LIMIT;
  const rows = await db
    .select({
      id: cardEvents.id,
      serial: cards.serial,
      business_id: cardEvents.businessId,
      kind: cardEvents.kind,
      delta: cardEvents.delta,
      balance_after: cardEvents.stampsAfter,
      unit: cardEvents.unit,
      api_key_id: cardEvents.apiKeyId,
      createdAt: cardEvents.createdAt,
    })
    .from(cardEvents)
    .innerJoin(cards, eq(cards.id, cardEvents.cardId))
    .where(and(eq(cardEvents.userId, ownerId), gt(cardEvents.id, decode(query.cursor))))
    .orderBy(asc(cardEvents.id))
    .limit(limit + 1);
  const { data, next_cursor } = page(rows, limit);
  return {
    data: data.map(({ createdAt, ...row }) => ({ ...row, created_at: createdAt.toISOString() })),
    next_cursor,
  };
}
