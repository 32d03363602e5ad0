import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import { HttpError, invalid } from "../../http/errors";
import { route } from "../../http/route";
import { hashSecret, timingDummyHash, verifySecret } from "../../crypto";
import { limits } from "../../services/rate-limit";
import { findLiveUserByEmail, toProfile } from "./profile";
import { setPassword, verifyRegistration } from "./accounts";
import type { AuthDeps } from "./deps";
import { consumeOtp, pendingRegistration, sendOtp, sendOtpUnlessRecent, throttleOtpSend } from "./otp";
import { issueApiToken, issueResetToken, revokeToken, revokeTokens, spendResetToken } from "./tokens";

export function authRoutes(app: FastifyInstance, deps: AuthDeps) {
  const { db, limiter, codeRequests } = deps;
  route(app, calls.register, async ({ body, request }) => {
    await limiter.hit(`register:ip:${request.ip}`, limits.registerPerIp);
    const existing = await findLiveUserByEmail(db, body.email);
    if (existing?.emailVerifiedAt) throw invalid("email", "auth.emailTaken");
    await limiter.hit(`register:email:${body.email}`, limits.registerPerEmail);
    // Starts the once-a-minute resend window (this code goes out whatever it says).
    await throttleOtpSend(deps, body.email, "register").catch(() => undefined);
    // Nothing is written to the account until the code is verified: the code confirms exactly
    // this registration, and a later one (someone else's, perhaps) replaces the code, not the data.
    await sendOtp(deps, body.email, "register", {
      name: body.name,
      phone_number: body.phone_number,
      password_hash: await hashSecret(body.password),
    });
    return { statusCode: 201, message: "auth.registered", data: { email: body.email } };
  });

  route(app, calls.otpVerify, async ({ body, request }) => {
    const attempt = await limiter.attempt([
      [`otp:email-ip:${body.email}:${request.ip}`, limits.otpFailuresPerEmailIp],
      [`otp:ip:${request.ip}`, limits.otpFailuresPerIp],
      [`otp:email:${body.email}`, limits.otpFailuresPerEmail],
    ]);
    const code = await consumeOtp(db, body.email, body.purpose, body.otp);
    await attempt.succeeded();
    if (body.purpose === "register") {
      await verifyRegistration(db, body.email, code.registration);
      return {
        message: "auth.emailVerified",
        data: { purpose: body.purpose, email: body.email },
      };
    }
    const user = await findLiveUserByEmail(db, body.email);
    if (!user) throw invalid("otp", "auth.badCode");
    return {
      message: "auth.codeVerified",
      data: { purpose: body.purpose, email: body.email, reset_token: await issueResetToken(db, user.id) },
    };
  });

  route(app, calls.resendOtp, async ({ body, request }) => {
    await limiter.hit(`otp-send:ip:${request.ip}`, limits.otpSendsPerIp);
    await throttleOtpSend(deps, body.email, body.purpose);
    // Looked up and sent by a job: the answer and its timing are the same whether or not the
    // email has an account (no enumeration).
    await codeRequests.enqueue(db, { email: body.email, purpose: body.purpose });
    return { message: "auth.codeResent" };
  });

  route(app, calls.login, async ({ body, request, user: current }) => {
    const attempt = await limiter.attempt([
      [`login:email-ip:${body.email}:${request.ip}`, limits.loginFailuresPerEmailIp],
      [`login:ip:${request.ip}`, limits.loginFailuresPerIp],
      [`login:email:${body.email}`, limits.loginFailuresPerEmail],
    ]);
    const user = await findLiveUserByEmail(db, body.email);
    if (!user?.emailVerifiedAt) {
      // A registration waiting for its code: its own password proves it, and gets a new code.
      const registration = user ? null : await pendingRegistration(db, body.email);
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
    // Signing in over a live session replaces it: the old token stops working.
    if (current) await revokeToken(db, current.tokenId);
    return {
      message: "auth.loggedIn",
      extra: { auth_token: await issueApiToken(db, user.id) },
      data: toProfile(user),
    };
  });

  route(app, calls.forgotPassword, async ({ body, request }) => {
    await limiter.hit(`otp-send:ip:${request.ip}`, limits.otpSendsPerIp);
    await throttleOtpSend(deps, body.email, "forgot-password");
    // A job, as in resend-otp: existing and unknown emails take the same time.
    await codeRequests.enqueue(db, { email: body.email, purpose: "forgot-password" });
    return {
      message: "auth.forgotPasswordSent",
      data: { email: body.email },
    };
  });

  route(app, calls.resetPassword, async ({ body }) => {
    const userId = await spendResetToken(db, body.reset_token);
    const expired = () => invalid("reset_token", "auth.resetExpired");
    if (!userId) throw expired();
    if (!(await setPassword(db, userId, body.email, await hashSecret(body.password)))) throw expired();
    // A reset means the old password may be known to someone else: end every session. It also
    // lifts the email's login ceiling, so an attack on the account cannot keep its owner out.
    await revokeTokens(db, userId);
    await limiter.reset(`login:email:${body.email}`);
    return { message: "auth.passwordReset" };
  });

  route(app, calls.logout, async ({ user }) => {
    await revokeToken(db, user.tokenId);
    return { message: "auth.loggedOut" };
  });
}
