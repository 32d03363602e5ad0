import { and, count, desc, eq, gt, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { AppliedCoupon } from "../../../../contract/payments";
import type { Db } from "../../db/client";
import { type Coupon, couponApplications, coupons, payments, users } from "../../db/schema";
import { invalid, notFound } from "../../http/errors";
import { formatMinor } from "../plans/present";
import { MIN_CHARGE_MINOR } from "./money";
import { sentence, type Sentence } from "../../i18n/sentence";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Conn = Db | Tx;

const refuse = (message: Sentence) => invalid("coupon_code", message);

export const couponMessages = {
  unknown: "coupons.unknown",
  notYet: "coupons.notYet",
  expired: "coupons.expired",
  exhausted: "coupons.exhausted",
  usedByYou: "coupons.usedByYou",
  currency: (currency: string) => sentence("coupons.currency", { currency }),
} as const;

export async function findCouponByCode(db: Conn, code: string): Promise<Coupon> {
  const [coupon] = await db.select().from(coupons).where(eq(coupons.code, code.toUpperCase())).limit(1);
  if (!coupon) throw refuse(couponMessages.unknown);
  return coupon;
}

/** A payment still in flight (3-D Secure, processing) holds its coupon for this long. */
const IN_FLIGHT_HOLD = sql`now() - interval '1 hour'`;

/**
 * Payments that use up a coupon: succeeded ones, and other owners' payments in flight (recently
 * created, not yet settled). An owner's own abandoned attempt (3-D Secure left open) does not stop
 * them from trying again.
 */
const redeeming = (couponId: number, userId: number) =>
  and(
    eq(payments.couponId, couponId),
    or(
      eq(payments.status, "succeeded"),
      and(
        inArray(payments.status, ["pending", "requires_action"]),
        gt(payments.createdAt, IN_FLIGHT_HOLD),
        ne(payments.userId, userId),
      ),
    ),
  );

/**
 * Payments that count as this owner's: of any account with the owner's email, live or deleted
 * (deleting the account and registering again is the same person), or with the same card.
 */
const byOwner = (userId: number, fingerprint: string | null) =>
  or(
    inArray(
      payments.userId,
      sql`(select u.id from ${users} u where lower(u.email) = (select lower(me.email) from ${users} me where me.id = ${userId}))`,
    ),
    fingerprint ? eq(payments.cardFingerprint, fingerprint) : undefined,
  );

/**
 * Refuses a coupon that may not be used now by this owner (valid from/until, max
 * redemptions, once per user: per email and, when the provider knows the card's fingerprint, per
 * card), with a message that says why. Redemptions are the payments that carry the coupon,
 * succeeded or still in flight, so two payments started at once cannot both take the last one:
 * `reserveCoupon` checks again under a lock before a payment is recorded.
 */
export async function checkCoupon(
  db: Conn,
  coupon: Coupon,
  userId: number,
  currency: string,
  fingerprint: string | null = null,
) {
  const now = Date.now();
  if (coupon.validFrom && coupon.validFrom.getTime() > now) throw refuse(couponMessages.notYet);
  if (coupon.validUntil && coupon.validUntil.getTime() <= now) throw refuse(couponMessages.expired);
  if (coupon.kind === "fixed" && coupon.currency !== currency) throw refuse(couponMessages.currency(coupon.currency!));
  // The limit first: a coupon that is used up says so to everyone, whoever (or whichever card)
  // took its last use, and whatever the order in which payments at the same moment commit.
  if (coupon.maxRedemptions !== null) {
    const [used] = await db.select({ n: count() }).from(payments).where(redeeming(coupon.id, userId));
    if (used!.n >= coupon.maxRedemptions) throw refuse(couponMessages.exhausted);
  }
  const [mine] = await db
    .select({ n: count() })
    .from(payments)
    .where(and(redeeming(coupon.id, userId), byOwner(userId, fingerprint)));
  if (mine!.n > 0) throw refuse(couponMessages.usedByYou);
}

/**
 * Inside the transaction that records a payment with this coupon: locks the coupon's row, so
 * payments using it are recorded one at a time, and checks it again counting those in flight.
 */
export async function reserveCoupon(
  tx: Tx,
  coupon: Coupon,
  userId: number,
  currency: string,
  fingerprint: string | null,
) {
  await tx.select({ id: coupons.id }).from(coupons).where(eq(coupons.id, coupon.id)).for("update");
  await checkCoupon(tx, coupon, userId, currency, fingerprint);
}

/** The discount on a list amount, in minor units; never below the smallest charge. */
export function discountOf(coupon: Coupon | null, listMinor: number): number {
  if (!coupon) return 0;
  const raw = coupon.kind === "percent" ? Math.round((listMinor * coupon.value) / 100) : coupon.value;
  return Math.max(0, Math.min(raw, listMinor - MIN_CHARGE_MINOR));
}

/** The coupon riding on the owner's next payment (the latest applied, not yet used), if any. */
export async function pendingCoupon(db: Conn, userId: number): Promise<Coupon | null> {
  const [row] = await db
    .select({ coupon: coupons })
    .from(couponApplications)
    .innerJoin(coupons, eq(coupons.id, couponApplications.couponId))
    .where(and(eq(couponApplications.userId, userId), isNull(couponApplications.usedAt)))
    .orderBy(desc(couponApplications.id))
    .limit(1);
  return row?.coupon ?? null;
}

/** Attaches a checked coupon to the owner's next payment; it replaces another one not yet used. */
export async function attachCoupon(db: Db, userId: number, coupon: Coupon) {
  await db.transaction(async (tx) => {
    await tx
      .delete(couponApplications)
      .where(
        and(
          eq(couponApplications.userId, userId),
          isNull(couponApplications.usedAt),
          sql`${couponApplications.couponId} <> ${coupon.id}`,
        ),
      );
    await tx.insert(couponApplications).values({ userId, couponId: coupon.id }).onConflictDoNothing();
  });
}

/** Marks the owner's pending application of this coupon as spent by a succeeded payment. */
export async function spendCoupon(tx: Tx, userId: number, couponId: number, paymentId: number) {
  await tx
    .update(couponApplications)
    .set({ usedAt: sql`now()`, paymentId })
    .where(
      and(
        eq(couponApplications.userId, userId),
        eq(couponApplications.couponId, couponId),
        isNull(couponApplications.usedAt),
      ),
    );
}

const describe = (c: Coupon) => (c.kind === "percent" ? `${c.value}%` : `${formatMinor(c.value)} ${c.currency}`);

/** The owner's coupons, newest first, at most `max`. */
export async function listAppliedCoupons(db: Db, userId: number, max: number): Promise<AppliedCoupon[]> {
  const rows = await db
    .select({ application: couponApplications, coupon: coupons })
    .from(couponApplications)
    .innerJoin(coupons, eq(coupons.id, couponApplications.couponId))
    .where(eq(couponApplications.userId, userId))
    .orderBy(desc(couponApplications.id))
    .limit(max);
  return rows.map(({ application, coupon }) => ({
    id: application.id,
    code: coupon.code,
    kind: coupon.kind,
    discount: describe(coupon),
    valid_until: coupon.validUntil?.toISOString() ?? null,
    used: application.usedAt !== null,
    applied_at: application.createdAt.toISOString(),
  }));
}

/** delete-coupon: detaches an applied coupon not yet used (a used one is history). */
export async function detachCoupon(db: Db, userId: number, applicationId: number) {
  const [row] = await db
    .select({ usedAt: couponApplications.usedAt })
    .from(couponApplications)
    .where(and(eq(couponApplications.id, applicationId), eq(couponApplications.userId, userId)))
    .limit(1);
  if (!row) throw notFound("coupons.notFound");
  if (row.usedAt) throw invalid("id", "coupons.usedStays");
  await db
    .delete(couponApplications)
    .where(and(eq(couponApplications.id, applicationId), isNull(couponApplications.usedAt)));
}

/** The CLI's and seed's way in: creates a coupon (codes upper-case). */
export async function createCoupon(
  db: Db,
  input: Omit<typeof coupons.$inferInsert, "id" | "createdAt">,
): Promise<Coupon> {
  const [row] = await db
    .insert(coupons)
    .values({ ...input, code: input.code.toUpperCase() })
    .returning();
  return row!;
}
