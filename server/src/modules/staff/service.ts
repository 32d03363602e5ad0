import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  INVITE_DAYS,
  type AddStaffResult,
  type StaffInvite,
  type StaffMember,
  type acceptInviteBody,
  type addStaffBody,
} from "../../../../contract/staff";
import type { PageQuery } from "../../../../contract/pagination";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { pushTokens, staffInvites, users } from "../../db/schema";
import { isUniqueViolation } from "../../db/errors";
import type { AuthUser } from "../../http/auth";
import { invalid, notFound } from "../../http/errors";
import { paginate } from "../../http/paginate";
import { hashSecret, randomToken, sha256 } from "../../crypto";
import type { Events } from "../../services/events";
import type { Jobs } from "../../services/jobs";
import { queueMail } from "../../services/mail-jobs";
import { staffInviteMail } from "../../services/mail-templates";
import type { RateLimiter } from "../../services/rate-limit";
import { localeOrDefault, translator } from "../../i18n";
import { revokeTokens } from "../auth/tokens";
import { findLiveUserByEmail } from "../auth/profile";
import { findInvite, firstBusinessName, inviteError, inviteMessages, requireStaffPlan, spendInvite } from "./invites";

/** What the staff module uses that the composition root (app.ts) creates. */
export type StaffDeps = {
  db: Db;
  jobs: Jobs;
  events: Events;
  limiter: RateLimiter;
  config: Pick<Config, "appName" | "publicAppUrl">;
};

const EMAIL_TAKEN = "auth.emailTaken";

const memberColumns = {
  id: staffInvites.id,
  inviteName: staffInvites.name,
  userName: users.name,
  email: staffInvites.email,
  user_id: staffInvites.staffUserId,
  acceptedAt: staffInvites.acceptedAt,
  expiresAt: staffInvites.expiresAt,
  createdAt: staffInvites.createdAt,
};

const members = (db: Db) =>
  db.select(memberColumns).from(staffInvites).leftJoin(users, eq(users.id, staffInvites.staffUserId));
type MemberRow = Awaited<ReturnType<ReturnType<typeof members>["execute"]>>[number];

function toMember(row: MemberRow): StaffMember {
  const status = row.acceptedAt ? "active" : row.expiresAt.getTime() <= Date.now() ? "expired" : "invited";
  return {
    id: row.id,
    // Once accepted, the name the staff member chose.
    name: row.userName ?? row.inviteName,
    email: row.email,
    status,
    user_id: row.user_id,
    expires_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}

/** One page of the owner's staff and pending invites, newest first. */
export async function listStaff(db: Db, ownerId: number, query: PageQuery) {
  const mine = and(eq(staffInvites.ownerId, ownerId), isNull(staffInvites.revokedAt));
  return paginate(
    query,
    async () => (await db.select({ n: count() }).from(staffInvites).where(mine))[0]!.n,
    async (limit, offset) =>
      (await members(db).where(mine).orderBy(desc(staffInvites.id)).limit(limit).offset(offset)).map(toMember),
  );
}

/** Invites a person by mail; answers the invite with its link. */
export async function addStaff(
  deps: StaffDeps,
  owner: AuthUser,
  body: z.output<typeof addStaffBody>,
): Promise<AddStaffResult> {
  const { db, config } = deps;
  if (await findLiveUserByEmail(db, body.email)) throw invalid("email", EMAIL_TAKEN);
  const token = randomToken();
  const link = `${config.publicAppUrl}/add-user/${token}`;
  const [invite] = await db.transaction(async (tx) => {
    // A new invite to the same person replaces a pending one: only the newest link works.
    await tx
      .update(staffInvites)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(staffInvites.ownerId, owner.id),
          eq(staffInvites.email, body.email),
          isNull(staffInvites.acceptedAt),
          isNull(staffInvites.revokedAt),
        ),
      );
    const created = await tx
      .insert(staffInvites)
      .values({
        ownerId: owner.id,
        name: body.name,
        email: body.email,
        tokenHash: sha256(token),
        expiresAt: sql`now() + make_interval(days => ${INVITE_DAYS})`,
      })
      .returning({ id: staffInvites.id });
    await queueMail(
      deps,
      tx,
      staffInviteMail(config.appName, body.email, owner.name, link, translator(localeOrDefault(owner.locale))),
    );
    return created;
  });
  const [row] = await members(db).where(eq(staffInvites.id, invite!.id));
  return { ...toMember(row!), invite_link: link };
}

/** Revokes an invite; an accepted one's account goes too, with its tokens and devices. */
export async function deleteStaff(db: Db, ownerId: number, inviteId: number) {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .update(staffInvites)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(staffInvites.id, inviteId), eq(staffInvites.ownerId, ownerId), isNull(staffInvites.revokedAt)))
      .returning({ staffUserId: staffInvites.staffUserId });
    if (!gone) throw notFound("staff.notFound");
    if (gone.staffUserId) {
      // Access ends at once: the account goes and every token it holds stops working.
      await tx
        .update(users)
        .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(users.id, gone.staffUserId), eq(users.ownerId, ownerId)));
      await revokeTokens(tx, gone.staffUserId);
      // Their devices get none of the owner's notifications any more.
      await tx.delete(pushTokens).where(eq(pushTokens.userId, gone.staffUserId));
    }
  });
}

/** What the invite page shows of a live invite. */
export async function inviteDetails(db: Db, token: string): Promise<StaffInvite> {
  const found = await findInvite(db, token);
  if (!found.invite) throw inviteError(found.problem);
  await requireStaffPlan(db, found.invite.ownerId);
  const business = await firstBusinessName(db, found.invite.ownerId);
  return {
    team: business ?? found.ownerName,
    owner_name: found.ownerName,
    name: found.invite.name,
    email: found.invite.email,
    expires_at: found.invite.expiresAt.toISOString(),
  };
}

/** Spends an invite and creates the staff account it names; answers that account's email. */
export async function acceptInvite(deps: Pick<StaffDeps, "db" | "events">, body: z.output<typeof acceptInviteBody>) {
  const { db, events } = deps;
  const found = await findInvite(db, body.token);
  if (!found.invite) throw invalid("token", inviteMessages[found.problem]);
  const invite = found.invite;
  await requireStaffPlan(db, invite.ownerId);
  const passwordHash = await hashSecret(body.password);
  try {
    await db.transaction(async (tx) => {
      if (!(await spendInvite(tx, invite.id))) throw invalid("token", inviteMessages.used);
      if (await findLiveUserByEmail(tx, invite.email)) throw invalid("email", EMAIL_TAKEN);
      const [staff] = await tx
        .insert(users)
        .values({
          name: body.name,
          email: invite.email,
          passwordHash,
          role: "staff",
          ownerId: invite.ownerId,
          // The invite link reached this mailbox: that verifies the address.
          emailVerifiedAt: sql`now()`,
        })
        .returning({ id: users.id });
      await tx.update(staffInvites).set({ staffUserId: staff!.id }).where(eq(staffInvites.id, invite.id));
      await events.emit(tx, {
        type: "staff.joined",
        ownerId: invite.ownerId,
        staffUserId: staff!.id,
        name: body.name,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid("email", EMAIL_TAKEN);
    throw error;
  }
  return invite.email;
}
