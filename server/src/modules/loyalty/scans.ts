import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { FastifyInstance } from "fastify";
import { calls } from "../../../../lib/contract/calls";
import {
  encodeScanCursor,
  type Scan,
  type ScanCursor,
  type ScanFilters,
  type ScanPage,
} from "../../../../lib/contract/scans";
import { fromMinor } from "../../../../lib/contract/money";
import { balanceAmount } from "../../../../lib/contract/programme";
import type { Db } from "../../db/client";
import {
  addresses,
  businesses,
  cards,
  customers,
  ownerCounts,
  qrCodes as qrCodesTable,
  rewards,
  scanDays,
  scans,
  users,
} from "../../db/schema";
import { actingOwnerId } from "../../http/auth";
import { route } from "../../http/route";
import { programmeTerms } from "./programme-terms";
import { scanExport } from "./scan-export";
import { scanFilter } from "./scan-filter";

const staff = alias(users, "staff");

const columns = {
  id: scans.id,
  kind: scans.kind,
  createdAt: scans.createdAt,
  // The time to the microsecond (a JS Date keeps milliseconds): the cursor must name the exact row.
  cursorAt: sql<string>`to_char(${scans.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  // A deleted customer's scans stay, anonymised (issue 16): no card, no name.
  customer_name: sql<string>`coalesce(${customers.name}, '')`,
  customer_email: sql<string>`coalesce(${customers.email}, '')`,
  serial: sql<string>`coalesce(${cards.serial}, '')`,
  business_id: scans.businessId,
  business_name: businesses.businessName,
  location: addresses.address,
  staff_name: staff.name,
  stamps_after: scans.stampsAfter,
  /** Issue 23: the programme the scan counted for, its currency and the purchase amount (minor units). */
  rewardKind: rewards.kind,
  currency: businesses.currency,
  amountMinor: scans.amount,
  /** The card's fraud flag, if an alert marked it (issue 15 §4). */
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

function scanPage(db: Db, where: SQL, after: ScanCursor | undefined, limit: number, offset = 0) {
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

const toScan = ({ createdAt, cursorAt: _cursor, rewardKind, currency, amountMinor, ...row }: Row): Scan => {
  const terms = programmeTerms(
    rewardKind ? { kind: rewardKind, stampsRequired: 0, referralBonus: null } : null,
    currency,
  );
  return {
    ...row,
    programme: terms.kind,
    balance_after_text: balanceAmount(terms, row.stamps_after),
    amount: amountMinor !== null && currency ? fromMinor(amountMinor, currency) : null,
    created_at: createdAt.toISOString(),
  };
};
const cursorOf = (row: Row) => encodeScanCursor({ at: row.cursorAt, id: row.id });

export function scanRoutes(app: FastifyInstance) {
  route(app, calls.scanList, async ({ user, query }) => {
    const where = scanFilter(actingOwnerId(user), query);
    // One row more than the page says whether another follows: no count of the whole history.
    const offset = query.cursor ? 0 : (query.page - 1) * query.per_page;
    const rows = await scanPage(app.db, where, query.cursor, query.per_page + 1, offset);
    const items = rows.slice(0, query.per_page);
    const hasMore = rows.length > query.per_page;
    const data: ScanPage = {
      items: items.map(toScan),
      page: query.page,
      per_page: query.per_page,
      has_more: hasMore,
      next_cursor: hasMore ? cursorOf(items.at(-1)!) : null,
    };
    return { message: "Scan list.", data };
  });

  route(app, calls.scanExport, async ({ user, query }) => {
    const filters: ScanFilters = query;
    // Streamed with back-pressure; a client that goes away destroys the stream, which stops the read.
    const body = await scanExport(app.database, actingOwnerId(user), query);
    const name = ["scans", filters.from, filters.to].filter(Boolean).join("-");
    return {
      message: "Scans (CSV).",
      file: {
        body,
        contentType: "text/csv; charset=utf-8",
        headers: { "content-disposition": `attachment; filename="${name}.csv"`, "cache-control": "no-store" },
      },
    };
  });
}

type ScanFigures = {
  anchor: string;
  today: number;
  redeemed: number;
  days: { day: string; stamps: number; joins: number }[];
};

/**
 * The loyalty figures of dashboard-details, from the scan_days rollup (a few rows a business a
 * day), never from the scans: the same cost at any length of history. Each business counts its
 * own local day as "today" (its time zone); the chart's days end on the latest local day of the
 * owner's businesses (UTC when there is none).
 */
export async function loyaltyFigures(db: Db, ownerId: number) {
  const one = async (query: Promise<{ n: number }[]>) => Number((await query)[0]?.n ?? 0);
  const figures = db.execute(sql`
    with biz as (
      select id, (now() at time zone time_zone)::date as today from ${businesses} where user_id = ${ownerId}
    ),
    anchor as (select coalesce(max(today), (now() at time zone 'UTC')::date) as today from biz)
    select
      (select today::text from anchor) as anchor,
      (select coalesce(sum(d.joins + d.stamps), 0)::int
        from ${scanDays} d join biz b on b.id = d.business_id and d.day = b.today
        where d.user_id = ${ownerId}) as today,
      (select coalesce(sum(redeems), 0)::int from ${scanDays} where user_id = ${ownerId}) as redeemed,
      (select coalesce(json_agg(s order by s.day), '[]'::json) from (
        select d.day::text as day, sum(d.joins + d.stamps)::int as stamps, sum(d.joins)::int as joins
        from ${scanDays} d, anchor a
        where d.user_id = ${ownerId} and d.day > a.today - 30 and d.day <= a.today
        group by d.day
      ) s) as days`) as unknown as Promise<{ rows: ScanFigures[] }>;
  const [qrCount, customerCount, { rows }] = await Promise.all([
    one(db.select({ n: count() }).from(qrCodesTable).where(eq(qrCodesTable.userId, ownerId))),
    // Kept by a trigger (owner_counts): an owner may have a hundred thousand customers.
    one(db.select({ n: ownerCounts.customers }).from(ownerCounts).where(eq(ownerCounts.userId, ownerId))),
    figures,
  ]);
  const { anchor, today, redeemed, days } = rows[0]!;
  // PGlite answers json as parsed values, node-postgres too; a string would be a driver change.
  const byDay = new Map(
    (typeof days === "string" ? (JSON.parse(days) as ScanFigures["days"]) : days).map((d) => [d.day, d]),
  );
  const last = Date.parse(`${anchor}T00:00:00Z`);
  const series = Array.from({ length: 30 }, (_, i) => {
    const date = new Date(last - (29 - i) * 86_400_000).toISOString().slice(0, 10);
    const row = byDay.get(date);
    return { date, stamps: Number(row?.stamps ?? 0), customers: Number(row?.joins ?? 0) };
  });
  return {
    qr_codes: qrCount,
    customers: customerCount,
    stamps_today: Number(today),
    stamps_30_days: series.reduce((n, d) => n + d.stamps, 0),
    rewards_redeemed: Number(redeemed),
    series,
  };
}
