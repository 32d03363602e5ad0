import type { z } from "zod";
import type { OtpPurpose } from "../../../../contract/fields";
import type { loginBody, otpVerifyBody, registerBody, resetPasswordBody } from "../../../../contract/auth";
import type { AuthUser } from "../../http/auth";
import { HttpError, invalid } from "../../http/errors";
import { hashSecret, timingDummyHash, verifySecret } from "../../crypto";
import { limits } from "../../services/rate-limit";
import { setPassword, verifyRegistration } from "./accounts";
import type { AuthDeps } from "./deps";
import { consumeOtp, pendingRegistration, sendOtp, sendOtpUnlessRecent, throttleOtpSend } from "./otp";
import { findLiveUserByEmail, toProfile } from "./profile";
import { issueApiToken, issueResetToken, revokeToken, revokeTokens, spendResetToken } from "./tokens";

/** A registration: its code goes out; the account is created only when the code is verified. */
export async function register(deps: AuthDeps, body: z.output<typeof registerBody>, ip: string) {
  await deps.limiter.hit(`register:ip:${ip}`, limits.registerPerIp);
  const existing = await findLiveUserByEmail(deps.db, body.email);
  if (existing?.emailVerifiedAt) throw invalid("email", "auth.emailTaken");
  await deps.limiter.hit(`register:email:${body.email}`, limits.registerPerEmail);
  // Starts the once-a-minute resend window (this code goes out whatever it says).
  await throttleOtpSend(deps, body.email, "register").catch(() => undefined);
  // Nothing is written to the account until the code is verified: the code confirms exactly
  // this registration, and a later one (someone else's, perhaps) replaces the code, not the data.
  await sendOtp(deps, body.email, "register", {
    name: body.name,
    phone_number: body.phone_number,
    password_hash: await hashSecret(body.password),
  });
}

/**
 * Checks a code, its wrong guesses limited. A register code creates (or verifies) the account it
 * confirms and answers null; a forgot-password code answers a reset token.
 */
export async function verifyCode(
  deps: AuthDeps,
  body: z.output<typeof otpVerifyBody>,
  ip: string,
): Promise<string | null> {
  const attempt = await deps.limiter.attempt([
    [`otp:email-ip:${body.email}:${ip}`, limits.otpFailuresPerEmailIp],
    [`otp:ip:${ip}`, limits.otpFailuresPerIp],
    [`otp:email:${body.email}`, limits.otpFailuresPerEmail],
  ]);
  const code = await consumeOtp(deps.db, body.email, body.purpose, body.otp);
  await attempt.succeeded();
  if (body.purpose === "register") {
    await verifyRegistration(deps.db, body.email, code.registration);
    return null;
  }
  const user = await findLiveUserByEmail(deps.db, body.email);
  if (!user) throw invalid("otp", "auth.badCode");
  return issueResetToken(deps.db, user.id);
}

/**
 * A code asked for by email (resend-otp, forgot-password). Looked up and sent by a job: the answer
 * and its timing are the same whether or not the email has an account (no enumeration).
 */
export async function requestCode(deps: AuthDeps, email: string, purpose: OtpPurpose, ip: string) {
  await deps.limiter.hit(`otp-send:ip:${ip}`, limits.otpSendsPerIp);
  await throttleOtpSend(deps, email, purpose);
  await deps.codeRequests.enqueue(deps.db, { email, purpose });
}

/**
 * Signs in: answers a new token and the profile. Signing in over a live session (`current`)
 * replaces it: the old token stops working.
 */
export async function login(deps: AuthDeps, body: z.output<typeof loginBody>, ip: string, current: AuthUser | null) {
  const attempt = await deps.limiter.attempt([
    [`login:email-ip:${body.email}:${ip}`, limits.loginFailuresPerEmailIp],
    [`login:ip:${ip}`, limits.loginFailuresPerIp],
    [`login:email:${body.email}`, limits.loginFailuresPerEmail],
  ]);
  const user = await findLiveUserByEmail(deps.db, body.email);
  if (!user?.emailVerifiedAt) {
    // A registration waiting for its code: its own password proves it, and gets a new code.
    const registration = user ? null : await pendingRegistration(deps.db, body.email);
    const hash = user?.passwordHash ?? registration?.password_hash ?? (await timingDummyHash());
    if (!(await verifySecret(hash, body.password)) || (!user && !registration)) {
      throw new HttpError(401, "auth.badCredentials");
    }
    await attempt.succeeded();
    await sendOtpUnlessRecent(deps, body.email, "register", registration);
    throw new HttpError(403, "auth.verifyEmail", { email_verified: ["auth.emailNotVerified"] });
  }
  if (!(await verifySecret(user.passwordHash, body.password))) {
    throw new HttpError(401, "auth.badCredentials");
  }
  await attempt.succeeded();
  if (current) await revokeToken(deps.db, current.tokenId);
  return { token: await issueApiToken(deps.db, user.id), profile: toProfile(user) };
}

/** Sets a new password with a reset token (spent once). */
export async function resetPassword(deps: AuthDeps, body: z.output<typeof resetPasswordBody>) {
  const userId = await spendResetToken(deps.db, body.reset_token);
  const expired = () => invalid("reset_token", "auth.resetExpired");
  if (!userId) throw expired();
  if (!(await setPassword(deps.db, userId, body.email, await hashSecret(body.password)))) throw expired();
  // A reset means the old password may be known to someone else: end every session. It also
  // lifts the email's login ceiling, so an attack on the account cannot keep its owner out.
  await revokeTokens(deps.db, userId);
  await deps.limiter.reset(`login:email:${body.email}`);
}
