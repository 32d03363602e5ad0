import { and, eq, getTableColumns, isNull } from "drizzle-orm";
import type { UserProfile } from "../../../../contract/auth";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { statusPaymentSql } from "../payments/status";

/** A users row with its plan status, derived from the payments (never stored). */
export type UserRow = typeof users.$inferSelect & { statusPayment: "0" | "1" };

/** The public shape of a user (never the password hash). */
export function toProfile(user: UserRow): UserProfile {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone_number: user.phoneNumber,
    role: user.role,
    status_payment: user.statusPayment,
    email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
    locale: user.locale,
  };
}

/** The live (not soft-deleted) account with this email. */
export async function findLiveUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select({ ...getTableColumns(users), statusPayment: statusPaymentSql })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .limit(1);
  return user;
}
