import { and, eq, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { calls } from "../../../../lib/contract/calls";
import { users } from "../../db/schema";
import { HttpError, invalid } from "../../http/errors";
import { route } from "../../http/route";
import { hashSecret, timingDummyHash, verifySecret } from "../../services/crypto";
import { limits } from "../../services/rate-limit";
import { findLiveUserByEmail, toProfile } from "../users/profile";
import { consumeOtp, sendOtp, sendOtpUnlessRecent, throttleOtpSend } from "./otp";
import { issueApiToken, issueResetToken, revokeToken, revokeTokens, spendResetToken } from "./tokens";

const CODE_SENT = "We have sent a 6-digit code to your email. It expires in 10 minutes.";

export function authRoutes(app: FastifyInstance) {
  route(app, calls.register, async ({ body, request }) => {
    await app.limiter.hit(`register:ip:${request.ip}`, limits.registerPerIp);
    const values = {
      name: body.name,
      email: body.email,
      phoneNumber: body.phone_number,
      passwordHash: await hashSecret(body.password),
    };
    // An unverified registration may be repeated (typo in the first try, lost code); a verified
    // email is taken. One statement, so that registrations of the same new email at once cannot
    // both insert (the unique index would fail the second with a 500).
    const [saved] = await app.db
      .insert(users)
      .values({ ...values, role: "owner" })
      .onConflictDoUpdate({
        target: users.email,
        targetWhere: sql`${users.deletedAt} is null`,
        set: { ...values, updatedAt: sql`now()` },
        setWhere: sql`${users.emailVerifiedAt} is null`,
      })
      .returning({ id: users.id });
    if (!saved) throw invalid("email", "The email has already been taken.");
    await sendOtpUnlessRecent(app, body.email, "register");
    return { statusCode: 201, message: `Registration successful. ${CODE_SENT}`, data: { email: body.email } };
  });

  route(app, calls.otpVerify, async ({ body, request }) => {
    await app.limiter.hit(`otp:ip:${request.ip}`, limits.otpPerIp);
    await app.limiter.hit(`otp:email:${body.email}`, limits.otpPerEmail);
    await consumeOtp(app, body.email, body.purpose, body.otp);
    const user = await findLiveUserByEmail(app.db, body.email);
    if (!user) throw invalid("otp", "The code is invalid or has expired. Please request a new code.");
    if (body.purpose === "register") {
      await app.db
        .update(users)
        .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
        .where(eq(users.id, user.id));
      return {
        message: "Your email address has been verified. You can now log in.",
        data: { purpose: body.purpose, email: body.email },
      };
    }
    return {
      message: "Code verified. Please choose a new password.",
      data: { purpose: body.purpose, email: body.email, reset_token: await issueResetToken(app.db, user.id) },
    };
  });

  route(app, calls.resendOtp, async ({ body, request }) => {
    await app.limiter.hit(`otp:ip:${request.ip}`, limits.otpPerIp);
    await throttleOtpSend(app, body.email, body.purpose);
    const user = await findLiveUserByEmail(app.db, body.email);
    const needsCode = body.purpose === "register" ? !user?.emailVerifiedAt : Boolean(user?.emailVerifiedAt);
    if (user && needsCode) await sendOtp(app, body.email, body.purpose);
    // The same answer whether or not a code was sent: it must not reveal which emails exist.
    return { message: "A new code has been sent to your email if it is waiting for one." };
  });

  route(app, calls.login, async ({ body, request }) => {
    await app.limiter.hit(`login:ip:${request.ip}`, limits.loginPerIp);
    await app.limiter.hit(`login:email:${body.email}`, limits.loginPerEmail);
    const user = await findLiveUserByEmail(app.db, body.email);
    const ok = await verifySecret(user?.passwordHash ?? (await timingDummyHash()), body.password);
    if (!user || !ok) throw new HttpError(401, "These credentials do not match our records.");
    if (!user.emailVerifiedAt) {
      await sendOtpUnlessRecent(app, user.email, "register");
      throw new HttpError(403, "Please verify your email address. We have sent a code to your email.", {
        email_verified: ["The email address is not verified yet."],
      });
    }
    return {
      message: "Login successful.",
      extra: { auth_token: await issueApiToken(app.db, user.id) },
      data: toProfile(user),
    };
  });

  route(app, calls.forgotPassword, async ({ body, request }) => {
    await app.limiter.hit(`otp:ip:${request.ip}`, limits.otpPerIp);
    await throttleOtpSend(app, body.email, "forgot-password");
    const user = await findLiveUserByEmail(app.db, body.email);
    if (user?.emailVerifiedAt) await sendOtp(app, body.email, "forgot-password");
    return {
      message: "If an account exists for this email, we have sent a 6-digit code to it.",
      data: { email: body.email },
    };
  });

  route(app, calls.resetPassword, async ({ body }) => {
    const userId = await spendResetToken(app.db, body.reset_token);
    const expired = () => invalid("reset_token", "The reset session has expired. Please request a new code.");
    if (!userId) throw expired();
    const [updated] = await app.db
      .update(users)
      .set({ passwordHash: await hashSecret(body.password), updatedAt: sql`now()` })
      .where(and(eq(users.id, userId), eq(users.email, body.email), isNull(users.deletedAt)))
      .returning({ id: users.id });
    if (!updated) throw expired();
    // A reset means the old password may be known to someone else: end every session.
    await revokeTokens(app.db, userId);
    return { message: "Your password has been reset. You can now log in." };
  });

  route(app, calls.logout, async ({ user }) => {
    await revokeToken(app.db, user.tokenId);
    return { message: "Logged out successfully." };
  });
}
