import { and, count, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { FastifyInstance } from "fastify";
import { calls } from "../../../../lib/contract/calls";
import type { Scan, ScanFilters } from "../../../../lib/contract/scans";
import type { Db } from "../../db/client";
import { addresses, businesses, cards, customers, qrCodes as qrCodesTable, scans, users } from "../../db/schema";
import { actingOwnerId } from "../../http/auth";
import { paginate } from "../../http/paginate";
import { route } from "../../http/route";

const staff = alias(users, "staff");

const columns = {
  id: scans.id,
  kind: scans.kind,
  createdAt: scans.createdAt,
  customer_name: customers.name,
  customer_email: customers.email,
  serial: cards.serial,
  business_id: scans.businessId,
  business_name: businesses.businessName,
  location: addresses.address,
  staff_name: staff.name,
  stamps_after: scans.stampsAfter,
  /** The card's fraud flag, if an alert marked it (issue 15 §4). */
  flag_reason: cards.flagReason,
};

const select = (db: Db) =>
  db
    .select(columns)
    .from(scans)
    .innerJoin(cards, eq(cards.id, scans.cardId))
    .innerJoin(customers, eq(customers.id, cards.customerId))
    .innerJoin(businesses, eq(businesses.id, scans.businessId))
    .leftJoin(addresses, eq(addresses.id, scans.addressId))
    .leftJoin(staff, eq(staff.id, scans.staffUserId));

const toScan = ({ createdAt, ...row }: Awaited<ReturnType<ReturnType<typeof select>["execute"]>>[number]): Scan => ({
  ...row,
  created_at: createdAt.toISOString(),
});

/** The owner's scans matching the filters; dates are whole UTC days, both ends included. */
function whereOf(ownerId: number, f: { business_id?: number; kind?: Scan["kind"]; from?: string; to?: string }): SQL {
  return and(
    eq(scans.userId, ownerId),
    f.business_id ? eq(scans.businessId, f.business_id) : undefined,
    f.kind ? eq(scans.kind, f.kind) : undefined,
    f.from ? gte(scans.createdAt, new Date(`${f.from}T00:00:00Z`)) : undefined,
    f.to ? lt(scans.createdAt, new Date(Date.parse(`${f.to}T00:00:00Z`) + 86_400_000)) : undefined,
  )!;
}

const HEADER = ["time", "kind", "customer", "email", "card", "business", "location", "staff", "stamps after"];

/**
 * One CSV cell: quoted when it holds a quote, comma or line break; a text starting with = + - @
 * (or a tab / carriage return) is prefixed with ' so a spreadsheet never runs it as a formula.
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? "" : String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvRow = (s: Scan) =>
  [
    s.created_at,
    s.kind,
    s.customer_name,
    s.customer_email,
    s.serial,
    s.business_name,
    s.location,
    s.staff_name,
    s.stamps_after,
  ]
    .map(csvCell)
    .join(",");

/** Read in pages by id (keyset), so a long history never sits in one query's result. */
const EXPORT_BATCH = 1000;

export function scanRoutes(app: FastifyInstance) {
  route(app, calls.scanList, async ({ user, query }) => {
    const where = whereOf(actingOwnerId(user), query);
    const data = await paginate(
      query,
      async () => (await app.db.select({ n: count() }).from(scans).where(where))[0]!.n,
      async (limit, offset) =>
        (await select(app.db).where(where).orderBy(desc(scans.id)).limit(limit).offset(offset)).map(toScan),
    );
    return { message: "Scan list.", data };
  });

  route(app, calls.scanExport, async ({ user, query }) => {
    const filters: ScanFilters = query;
    const where = whereOf(actingOwnerId(user), query);
    const lines = [HEADER.join(",")];
    for (let before = Number.MAX_SAFE_INTEGER; ;) {
      const batch = (
        await select(app.db)
          .where(and(where, lt(scans.id, Math.min(before, 2_147_483_647))))
          .orderBy(desc(scans.id))
          .limit(EXPORT_BATCH)
      ).map(toScan);
      for (const scan of batch) lines.push(csvRow(scan));
      if (batch.length < EXPORT_BATCH) break;
      before = batch.at(-1)!.id;
    }
    const name = ["scans", filters.from, filters.to].filter(Boolean).join("-");
    return {
      message: "Scans (CSV).",
      file: {
        body: Buffer.from(`\uFEFF${lines.join("\r\n")}\r\n`, "utf8"),
        contentType: "text/csv; charset=utf-8",
        headers: { "content-disposition": `attachment; filename="${name}.csv"`, "cache-control": "no-store" },
      },
    };
  });
}

/** The loyalty figures of dashboard-details (UTC days). */
export async function loyaltyFigures(db: Db, ownerId: number) {
  const one = async (query: Promise<{ n: number }[]>) => Number((await query)[0]!.n);
  const stampKinds = sql`${scans.kind} in ('join', 'stamp')`;
  const today = sql`date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`;
  const since = sql`(date_trunc('day', now() at time zone 'UTC') - interval '29 days') at time zone 'UTC'`;
  const [qrCount, customerCount, stampsToday, stamps30, redeemed, rows] = await Promise.all([
    one(db.select({ n: count() }).from(qrCodesTable).where(eq(qrCodesTable.userId, ownerId))),
    one(db.select({ n: count() }).from(customers).where(eq(customers.userId, ownerId))),
    one(
      db
        .select({ n: count() })
        .from(scans)
        .where(and(eq(scans.userId, ownerId), stampKinds, gte(scans.createdAt, today))),
    ),
    one(
      db
        .select({ n: count() })
        .from(scans)
        .where(and(eq(scans.userId, ownerId), stampKinds, gte(scans.createdAt, since))),
    ),
    one(
      db
        .select({ n: count() })
        .from(scans)
        .where(and(eq(scans.userId, ownerId), eq(scans.kind, "redeem"))),
    ),
    db
      .select({
        day: sql<string>`to_char(${scans.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
        stamps: sql<number>`count(*) filter (where ${stampKinds})::int`,
        customers: sql<number>`count(*) filter (where ${scans.kind} = 'join')::int`,
      })
      .from(scans)
      .where(and(eq(scans.userId, ownerId), gte(scans.createdAt, since)))
      .groupBy(sql`1`),
  ]);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const series = Array.from({ length: 30 }, (_, i) => {
    const date = new Date(Date.now() - (29 - i) * 86_400_000).toISOString().slice(0, 10);
    const row = byDay.get(date);
    return { date, stamps: Number(row?.stamps ?? 0), customers: Number(row?.customers ?? 0) };
  });
  return {
    qr_codes: qrCount,
    customers: customerCount,
    stamps_today: stampsToday,
    stamps_30_days: stamps30,
    rewards_redeemed: redeemed,
    series,
  };
}
