import { actorColumns, actorView } from "../cards/actor-view";
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { encodeScanCursor, type Scan, type ScanCursor } from "../../../../../contract/scans";
import { fromMinor } from "../../../../../contract/money";
import { balanceAmount, type ProgrammeWords } from "../../../../../contract/programme";
import type { Db } from "../../../db/client";
import { addresses, businesses, cards, customers, rewards, scans, users } from "../../../db/schema";
import { programmeTerms } from "../engine/programme-terms";

/**
 * My Scans' list (scan-list): one page of an owner's scans, newest first, by page number or by
 * cursor. The page is scans.ts's; the CSV export is scan-export.ts's, the dashboard's figures
 * dashboard/loyalty-figures.ts's.
 */

const staff = alias(users, "staff");

const columns = {
  id: scans.id,
  kind: scans.kind,
  createdAt: scans.createdAt,
  // The time to the microsecond (a JS Date keeps milliseconds): the cursor must name the exact row.
  cursorAt: sql<string>`to_char(${scans.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  // A deleted customer's scans stay, anonymised: no card, no name.
  customer_name: sql<string>`coalesce(${customers.name}, '')`,
  customer_email: sql<string>`coalesce(${customers.email}, '')`,
  serial: sql<string>`coalesce(${cards.serial}, '')`,
  business_id: scans.businessId,
  business_name: businesses.businessName,
  location: addresses.address,
  staff_name: staff.name,
  ...actorColumns(scans),
  stamps_after: scans.stampsAfter,
  /** The programme the scan counted for, its currency and the purchase amount (minor units). */
  rewardKind: rewards.kind,
  currency: businesses.currency,
  amountMinor: scans.amount,
  /** The card's fraud flag, if an alert marked it. */
  flag_reason: cards.flagReason,
};

/** Newest first; the id orders scans of the same microsecond, so every row has one place. */
const newestFirst = [desc(scans.createdAt), desc(scans.id)];

/**
 * A page of scans: first the page's ids, read from the index that matches the filters (each ends
 * in created_at, id: see the schema), then the details of those rows only. `after` is a keyset
 * cursor; `offset` serves `page` (bounded by MAX_SCAN_OFFSET in the contract).
 */
/** The rows after the cursor's row, newest first (a row comparison the indexes serve). */
const afterRow = (after: ScanCursor) =>
  sql`(${scans.createdAt}, ${scans.id}) < (${after.at}::timestamptz, ${after.id})`;

export function scanPage(db: Db, where: SQL, after: ScanCursor | undefined, limit: number, offset = 0) {
  const ids = db
    .select({ id: scans.id })
    .from(scans)
    .where(and(where, after && afterRow(after)))
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset)
    .as("page_ids");
  return db
    .select(columns)
    .from(scans)
    .innerJoin(ids, eq(ids.id, scans.id))
    .leftJoin(cards, eq(cards.id, scans.cardId))
    .leftJoin(customers, eq(customers.id, cards.customerId))
    .innerJoin(businesses, eq(businesses.id, scans.businessId))
    .leftJoin(addresses, eq(addresses.id, scans.addressId))
    .leftJoin(staff, eq(staff.id, scans.staffUserId))
    .leftJoin(rewards, eq(rewards.id, scans.rewardId))
    .orderBy(...newestFirst);
}

type Row = Awaited<ReturnType<typeof scanPage>>[number];

/** A scan as My Scans lists it, its balance in `words`' language. */
export const toScan = (
  { createdAt, cursorAt: _cursor, rewardKind, currency, amountMinor, actorKind, actorKey, actorTill, ...row }: Row,
  words: ProgrammeWords,
): Scan => {
  const terms = programmeTerms(
    rewardKind ? { kind: rewardKind, stampsRequired: 0, referralBonus: null } : null,
    currency,
  );
  return {
    ...row,
    actor: actorView({ actorKind, actorKey, actorTill }, row.staff_name),
    programme: terms.kind,
    balance_after_text: balanceAmount(terms, row.stamps_after, words),
    amount: amountMinor !== null && currency ? fromMinor(amountMinor, currency) : null,
    created_at: createdAt.toISOString(),
  };
};
export const cursorOf = (row: Row) => encodeScanCursor({ at: row.cursorAt, id: row.id });
