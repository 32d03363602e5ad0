import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type PendingRegistration, users } from "../../db/schema";
import { invalid } from "../../http/errors";

/**
 * Creates (or, for an account registered before codes carried their registration, verifies) the
 * account a register code confirms. One statement: two verifications at once cannot both insert.
 */
export async function verifyRegistration(db: Db, email: string, registration: PendingRegistration | null) {
  if (!registration) {
    const [verified] = await db
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(and(eq(users.email, email), isNull(users.deletedAt)))
      .returning({ id: users.id });
    if (!verified) throw invalid("otp", "auth.badCode");
    return;
  }
  const values = {
    name: registration.name,
    phoneNumber: registration.phone_number,
    passwordHash: registration.password_hash,
    emailVerifiedAt: sql`now()`,
  };
  const [saved] = await db
    .insert(users)
    .values({ ...values, email, role: "owner" })
    .onConflictDoUpdate({
      target: users.email,
      targetWhere: sql`${users.deletedAt} is null`,
      set: { ...values, updatedAt: sql`now()` },
      setWhere: sql`${users.emailVerifiedAt} is null`,
    })
    .returning({ id: users.id });
  if (!saved) throw invalid("email", "auth.emailTaken");
}

/** Sets the password of the live account with this id and email; false when there is none. */
export async function setPassword(db: Db, userId: number, email: string, passwordHash: string): Promise<boolean> {
  const [updated] = await db
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.email, email), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return !!updated;
}
