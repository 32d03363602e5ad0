import { and, eq, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import { type PendingRegistration, users } from "../../db/schema";
import { HttpError, invalid } from "../../http/errors";
import { route } from "../../http/route";
import { hashSecret, timingDummyHash, verifySecret } from "../../crypto";
import { limits } from "../../services/rate-limit";
import { findLiveUserByEmail, toProfile } from "./profile";
import type { CodeRequests } from "./code-requests";
import { consumeOtp, pendingRegistration, sendOtp, sendOtpUnlessRecent, throttleOtpSend } from "./otp";
import { issueApiToken, issueResetToken, revokeToken, revokeTokens, spendResetToken } from "./tokens";

/** What the auth routes use that the composition root (app.ts) creates. */
export type AuthDeps = { codeRequests: CodeRequests };

export function authRoutes(app: FastifyInstance, { codeRequests }: AuthDeps) {
  route(app, calls.register, async ({ body, request }) => {
    await app.limiter.hit(`register:ip:${request.ip}`, limits.registerPerIp);
    const existing = await findLiveUserByEmail(app.db, body.email);
    if (existing?.emailVerifiedAt) throw invalid("email", "auth.emailTaken");
    await app.limiter.hit(`register:email:${body.email}`, limits.registerPerEmail);
    // Starts the once-a-minute resend window (this code goes out whatever it says).
    await throttleOtpSend(app, body.email, "register").catch(() => undefined);
    // Nothing is written to the account until the code is verified: the code confirms exactly
    // this registration, and a later one (someone else's, perhaps) replaces the code, not the data.
    await sendOtp(app, body.email, "register", {
      name: body.name,
      phone_number: body.phone_number,
      password_hash: await hashSecret(body.password),
    });
    return { statusCode: 201, message: "auth.registered", data: { email: body.email } };
  });

  route(app, calls.otpVerify, async ({ body, request }) => {
    const attempt = await app.limiter.attempt([
      [`otp:email-ip:${body.email}:${request.ip}`, limits.otpFailuresPerEmailIp],
      [`otp:ip:${request.ip}`, limits.otpFailuresPerIp],
      [`otp:email:${body.email}`, limits.otpFailuresPerEmail],
    ]);
    const code = await consumeOtp(app, body.email, body.purpose, body.otp);
    await attempt.succeeded();
    if (body.purpose === "register") {
      await verifyRegistration(app, body.email, code.registration);
      return {
        message: "auth.emailVerified",
        data: { purpose: body.purpose, email: body.email },
      };
    }
    const user = await findLiveUserByEmail(app.db, body.email);
    if (!user) throw invalid("otp", "auth.badCode");
    return {
      message: "auth.codeVerified",
      data: { purpose: body.purpose, email: body.email, reset_token: await issueResetToken(app.db, user.id) },
    };
  });

  route(app, calls.resendOtp, async ({ body, request }) => {
    await app.limiter.hit(`otp-send:ip:${request.ip}`, limits.otpSendsPerIp);
    await throttleOtpSend(app, body.email, body.purpose);
    // Looked up and sent by a job: the answer and its timing are the same whether or not the
    // email has an account (no enumeration).
    await codeRequests.enqueue(app.db, { email: body.email, purpose: body.purpose });
    return { message: "auth.codeResent" };
  });

  route(app, calls.login, async ({ body, request, user: current }) => {
    const attempt = await app.limiter.attempt([
      [`login:email-ip:${body.email}:${request.ip}`, limits.loginFailuresPerEmailIp],
      [`login:ip:${request.ip}`, limits.loginFailuresPerIp],
      [`login:email:${body.email}`, limits.loginFailuresPerEmail],
    ]);
    const user = await findLiveUserByEmail(app.db, body.email);
    if (!user?.emailVerifiedAt) {
      // A registration waiting for its code: its own password proves it, and gets a new code.
      const registration = user ? null : await pendingRegistration(app, body.email);
      const hash = user?.passwordHash ?? registration?.password_hash ?? (await timingDummyHash());
      if (!(await verifySecret(hash, body.password)) || (!user && !registration)) {
        throw new HttpError(401, "auth.badCredentials");
      }
      await attempt.succeeded();
      await sendOtpUnlessRecent(app, body.email, "register", registration);
      throw new HttpError(403, "auth.verifyEmail", { email_verified: ["auth.emailNotVerified"] });
    }
    if (!(await verifySecret(user.passwordHash, body.password))) {
      throw new HttpError(401, "auth.badCredentials");
    }
    await attempt.succeeded();
    // Signing in over a live session replaces it: the old token stops working.
    if (current) await revokeToken(app.db, current.tokenId);
    return {
      message: "auth.loggedIn",
      extra: { auth_token: await issueApiToken(app.db, user.id) },
      data: toProfile(user),
    };
  });

  route(app, calls.forgotPassword, async ({ body, request }) => {
    await app.limiter.hit(`otp-send:ip:${request.ip}`, limits.otpSendsPerIp);
    await throttleOtpSend(app, body.email, "forgot-password");
    // A job, as in resend-otp: existing and unknown emails take the same time.
    await codeRequests.enqueue(app.db, { email: body.email, purpose: "forgot-password" });
    return {
      message: "auth.forgotPasswordSent",
      data: { email: body.email },
    };
  });

  route(app, calls.resetPassword, async ({ body }) => {
    const userId = await spendResetToken(app.db, body.reset_token);
    const expired = () => invalid("reset_token", "auth.resetExpired");
    if (!userId) throw expired();
    const [updated] = await app.db
      .update(users)
      .set({ passwordHash: await hashSecret(body.password), updatedAt: sql`now()` })
      .where(and(eq(users.id, userId), eq(users.email, body.email), isNull(users.deletedAt)))
      .returning({ id: users.id });
    if (!updated) throw expired();
    // A reset means the old password may be known to someone else: end every session. It also
    // lifts the email's login ceiling, so an attack on the account cannot keep its owner out.
    await revokeTokens(app.db, userId);
    await app.limiter.reset(`login:email:${body.email}`);
    return { message: "auth.passwordReset" };
  });

  route(app, calls.logout, async ({ user }) => {
    await revokeToken(app.db, user.tokenId);
    return { message: "auth.loggedOut" };
  });
}

/**
 * Creates (or, for an account registered before codes carried their registration, verifies) the
 * account a register code confirms. One statement: two verifications at once cannot both insert.
 */
async function verifyRegistration(app: FastifyInstance, email: string, registration: PendingRegistration | null) {
  if (!registration) {
    const [verified] = await app.db
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
  const [saved] = await app.db
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
