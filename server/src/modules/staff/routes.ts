import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import { INVITE_DAYS, type AddStaffResult, type StaffInvite, type StaffMember } from "../../../../contract/staff";
import type { Db } from "../../db/client";
import { pushTokens, staffInvites, users } from "../../db/schema";
import { isUniqueViolation } from "../../db/errors";
import { invalid, notFound } from "../../http/errors";
import { paginate } from "../../http/paginate";
import { route } from "../../http/route";
import { hashSecret, randomToken, sha256 } from "../../crypto";
import { queueMail } from "../../services/mail-jobs";
import { staffInviteMail } from "../../services/mail-templates";
import { localeOrDefault, translator } from "../../i18n";
import type { Limit } from "../../services/rate-limit";
import { revokeTokens } from "../auth/tokens";
import { findLiveUserByEmail } from "../auth/profile";
import { findInvite, firstBusinessName, inviteError, inviteMessages, requireStaffPlan, spendInvite } from "./invites";

/** The public invite calls are guessing targets: a few dozen tries per address and quarter hour. */
export const staffLimits = {
  invitePerIp: { max: 30, windowSeconds: 15 * 60 },
  /**
   * Each invite sends a mail to any address: an owner cannot turn the product into a mailer. A
   * business hires a few people at a time; the day's cap is what stops a steady trickle.
   */
  addStaffPerOwner: { max: 10, windowSeconds: 60 * 60 },
  addStaffPerOwnerDay: { max: 20, windowSeconds: 24 * 60 * 60 },
} satisfies Record<string, Limit>;

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

export function staffRoutes(app: FastifyInstance) {
  route(app, calls.staffList, async ({ user, query }) => {
    const mine = and(eq(staffInvites.ownerId, user.id), isNull(staffInvites.revokedAt));
    const data = await paginate(
      query,
      async () => (await app.db.select({ n: count() }).from(staffInvites).where(mine))[0]!.n,
      async (limit, offset) =>
        (await members(app.db).where(mine).orderBy(desc(staffInvites.id)).limit(limit).offset(offset)).map(toMember),
    );
    return { message: "staff.list", data };
  });

  route(app, calls.addStaff, async ({ user, body }) => {
    await app.limiter.hit(`add-staff:owner:${user.id}`, staffLimits.addStaffPerOwner);
    await app.limiter.hit(`add-staff-day:owner:${user.id}`, staffLimits.addStaffPerOwnerDay);
    if (await findLiveUserByEmail(app.db, body.email)) throw invalid("email", EMAIL_TAKEN);
    const token = randomToken();
    const link = `${app.config.publicAppUrl}/add-user/${token}`;
    const [invite] = await app.db.transaction(async (tx) => {
      // A new invite to the same person replaces a pending one: only the newest link works.
      await tx
        .update(staffInvites)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            eq(staffInvites.ownerId, user.id),
            eq(staffInvites.email, body.email),
            isNull(staffInvites.acceptedAt),
            isNull(staffInvites.revokedAt),
          ),
        );
      const created = await tx
        .insert(staffInvites)
        .values({
          ownerId: user.id,
          name: body.name,
          email: body.email,
          tokenHash: sha256(token),
          expiresAt: sql`now() + make_interval(days => ${INVITE_DAYS})`,
        })
        .returning({ id: staffInvites.id });
      await queueMail(
        app,
        tx,
        staffInviteMail(app.config.appName, body.email, user.name, link, translator(localeOrDefault(user.locale))),
      );
      return created;
    });
    const [row] = await members(app.db).where(eq(staffInvites.id, invite!.id));
    const data: AddStaffResult = { ...toMember(row!), invite_link: link };
    // The call's fixed success text.
    return { statusCode: 201, message: "staff.added", data };
  });

  route(app, calls.deleteStaff, async ({ user, body }) => {
    await app.db.transaction(async (tx) => {
      const [gone] = await tx
        .update(staffInvites)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(staffInvites.id, body.id), eq(staffInvites.ownerId, user.id), isNull(staffInvites.revokedAt)))
        .returning({ staffUserId: staffInvites.staffUserId });
      if (!gone) throw notFound("staff.notFound");
      if (gone.staffUserId) {
        // Access ends at once: the account goes and every token it holds stops working.
        await tx
          .update(users)
          .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
          .where(and(eq(users.id, gone.staffUserId), eq(users.ownerId, user.id)));
        await revokeTokens(tx, gone.staffUserId);
        // Their devices get none of the owner's notifications any more.
        await tx.delete(pushTokens).where(eq(pushTokens.userId, gone.staffUserId));
      }
    });
    return { message: "staff.deleted" };
  });

  route(app, calls.staffInvite, async ({ query, request }) => {
    await app.limiter.hit(`invite:ip:${request.ip}`, staffLimits.invitePerIp);
    const found = await findInvite(app.db, query.token);
    if (!found.invite) throw inviteError(found.problem);
    await requireStaffPlan(app.db, found.invite.ownerId);
    const business = await firstBusinessName(app.db, found.invite.ownerId);
    const data: StaffInvite = {
      team: business ?? found.ownerName,
      owner_name: found.ownerName,
      name: found.invite.name,
      email: found.invite.email,
      expires_at: found.invite.expiresAt.toISOString(),
    };
    return { message: "staff.invite", data };
  });

  route(app, calls.acceptInvite, async ({ body, request }) => {
    await app.limiter.hit(`invite:ip:${request.ip}`, staffLimits.invitePerIp);
    const found = await findInvite(app.db, body.token);
    if (!found.invite) throw invalid("token", inviteMessages[found.problem]);
    const invite = found.invite;
    await requireStaffPlan(app.db, invite.ownerId);
    const passwordHash = await hashSecret(body.password);
    try {
      await app.db.transaction(async (tx) => {
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
        await app.events.emit(tx, {
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
    return {
      statusCode: 201,
      message: "staff.accountReady",
      data: { email: invite.email },
    };
  });
}
