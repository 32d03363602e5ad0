import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import type { OtpPurpose } from "../../../../contract/fields";
import type { Db } from "../../db/client";
import { otps, users, type PendingRegistration } from "../../db/schema";
import { localeOrDefault, translator } from "../../i18n";
import { invalid } from "../../http/errors";
import { hashSecret, otpCode, verifySecret } from "../../crypto";
import { claimEffect, type EffectKey } from "../../services/effects";
import { queueMail } from "../../services/mail-jobs";
import { otpMail } from "../../services/mail-templates";
import { sentence } from "../../i18n/sentence";
import type { OtpDeps } from "./deps";

export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_SECONDS = 60;

/**
 * Counts one code request for an email and purpose: at most one a minute, whether or not an
 * account exists (so the answer tells nothing about the email).
 */
export async function throttleOtpSend(deps: Pick<OtpDeps, "limiter">, email: string, purpose: OtpPurpose) {
  await deps.limiter.hit(`otp-send:${purpose}:${email}`, { max: 1, windowSeconds: OTP_RESEND_SECONDS });
}

/** Sends a code unless one went out for this email and purpose in the last minute (it still works). */
export async function sendOtpUnlessRecent(
  deps: OtpDeps,
  email: string,
  purpose: OtpPurpose,
  registration?: PendingRegistration | null,
) {
  try {
    await throttleOtpSend(deps, email, purpose);
  } catch {
    return;
  }
  await sendOtp(deps, email, purpose, registration);
}

/**
 * Creates a fresh code (older ones stop working) and emails it. A register code carries the
 * registration it confirms, so a later registration of the same email cannot change what an
 * earlier code confirms: it gets a code of its own, and the earlier code stops working. `once`
 * (a job's effect): the code is made once for it, so a job run again neither mails a
 * second code nor voids the first.
 */
export async function sendOtp(
  deps: OtpDeps,
  email: string,
  purpose: OtpPurpose,
  registration?: PendingRegistration | null,
  once?: EffectKey,
) {
  const code = otpCode();
  const codeHash = await hashSecret(code);
  const t = translator(await ownerLocale(deps.db, email));
  // The code and its mail job commit together: a code is never valid without its mail on the way.
  await deps.db.transaction(async (tx) => {
    if (once && !(await claimEffect(tx, once, "code"))) return;
    await tx
      .update(otps)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(otps.email, email), eq(otps.purpose, purpose), isNull(otps.consumedAt)));
    await tx.insert(otps).values({
      email,
      purpose,
      codeHash,
      registration: registration ?? null,
      expiresAt: sql`now() + make_interval(mins => ${OTP_TTL_MINUTES})`,
    });
    await queueMail(deps, tx, otpMail(deps.config.appName, email, purpose, code, t));
  });
}

/**
 * The language of the account that owns `email` (its profile's `locale`); English when there is
 * none yet (a registration's first code) or none chosen.
 */
async function ownerLocale(db: Db, email: string) {
  const [user] = await db
    .select({ locale: users.locale })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .limit(1);
  return localeOrDefault(user?.locale);
}

/**
 * The registration waiting for its code, if any: the newest code not yet used (a newer
 * registration replaces the older one's code; a verified one has used its code).
 */
export async function pendingRegistration(db: Db, email: string): Promise<PendingRegistration | null> {
  const [latest] = await db
    .select({ registration: otps.registration })
    .from(otps)
    .where(and(eq(otps.email, email), eq(otps.purpose, "register"), isNull(otps.consumedAt)))
    .orderBy(desc(otps.createdAt), desc(otps.id))
    .limit(1);
  return latest?.registration ?? null;
}

/**
 * Checks a code. The attempt is counted before the comparison, atomically, so parallel guesses
 * cannot exceed the limit. Throws 422 on `otp` when the code is wrong, expired or used up.
 */
export async function consumeOtp(db: Db, email: string, purpose: OtpPurpose, code: string) {
  const [latest] = await db
    .select()
    .from(otps)
    .where(and(eq(otps.email, email), eq(otps.purpose, purpose), isNull(otps.consumedAt)))
    .orderBy(desc(otps.createdAt), desc(otps.id))
    .limit(1);
  if (!latest || latest.expiresAt.getTime() <= Date.now()) {
    throw invalid("otp", "auth.badCode");
  }
  const [counted] = await db
    .update(otps)
    .set({ attempts: sql`${otps.attempts} + 1` })
    .where(and(eq(otps.id, latest.id), lt(otps.attempts, OTP_MAX_ATTEMPTS), isNull(otps.consumedAt)))
    .returning({ attempts: otps.attempts });
  if (!counted) {
    throw invalid("otp", "auth.tooManyWrongCodes");
  }
  if (!(await verifySecret(latest.codeHash, code))) {
    const left = OTP_MAX_ATTEMPTS - counted.attempts;
    throw invalid("otp", left > 0 ? sentence("auth.wrongCode", { left }) : "auth.tooManyWrongCodes");
  }
  const [consumed] = await db
    .update(otps)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(otps.id, latest.id), isNull(otps.consumedAt)))
    .returning({ id: otps.id });
  if (!consumed) throw invalid("otp", "auth.badCode");
  return latest;
}
