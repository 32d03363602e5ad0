import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { businesses, staffInvites, users } from "../../db/schema";
import { HttpError } from "../../http/errors";
import { planIncludes } from "../../db/active-plan";
import { sha256 } from "../../crypto";

/** The invite page's messages: each case says what to do next. */
export const inviteMessages = {
  unknown: "invites.unknown",
  used: "invites.used",
  expired: "invites.expired",
} as const;

export type InviteProblem = keyof typeof inviteMessages;

/** A live invite by its token, with its owner; or why it cannot be used. */
export async function findInvite(db: Db, token: string) {
  const [row] = await db
    .select({ invite: staffInvites, ownerName: users.name, ownerDeletedAt: users.deletedAt })
    .from(staffInvites)
    .innerJoin(users, eq(users.id, staffInvites.ownerId))
    .where(eq(staffInvites.tokenHash, sha256(token)))
    .limit(1);
  if (!row || row.invite.revokedAt || row.ownerDeletedAt) return { problem: "unknown" as const };
  if (row.invite.acceptedAt) return { problem: "used" as const };
  if (row.invite.expiresAt.getTime() <= Date.now()) return { problem: "expired" as const };
  return { invite: row.invite, ownerName: row.ownerName };
}

/** The invitee's answer when the owner's plan has no staff accounts (any more). */
export const INVITE_NOT_IN_PLAN = "invites.notInPlan";

/**
 * An invite works only while the owner's plan includes staff: one sent before the plan lapsed or
 * was downgraded must not create a staff account after (add-staff itself checks the plan in
 * route()). 403, before anything is written.
 */
export async function requireStaffPlan(db: Db, ownerId: number) {
  if (!(await planIncludes(db, ownerId, "staff"))) {
    throw new HttpError(403, INVITE_NOT_IN_PLAN, { token: [INVITE_NOT_IN_PLAN] });
  }
}

/** The HTTP answer to an unusable invite: 404 when unknown, 410 when it was used or expired. */
export const inviteError = (problem: InviteProblem) =>
  new HttpError(problem === "unknown" ? 404 : 410, inviteMessages[problem]);

/** The owner's first business, to name the team on the invite page. */
export async function firstBusinessName(db: Db, ownerId: number): Promise<string | null> {
  const [row] = await db
    .select({ name: businesses.businessName })
    .from(businesses)
    .where(eq(businesses.userId, ownerId))
    .orderBy(businesses.id)
    .limit(1);
  return row?.name ?? null;
}

/**
 * Spends an invite: one statement, so two tabs accepting at once cannot both succeed. Answers the
 * spent invite, or null when it was not live any more.
 */
export async function spendInvite(db: Db, inviteId: number) {
  const [spent] = await db
    .update(staffInvites)
    .set({ acceptedAt: sql`now()` })
    .where(
      and(
        eq(staffInvites.id, inviteId),
        isNull(staffInvites.acceptedAt),
        isNull(staffInvites.revokedAt),
        gt(staffInvites.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return spent ?? null;
}
