import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import { route } from "../../http/route";
import type { AuthDeps } from "./deps";
import { login, register, requestCode, resetPassword, verifyCode } from "./service";
import { revokeToken } from "./tokens";

export function authRoutes(app: FastifyInstance, deps: AuthDeps) {
  route(app, calls.register, async ({ body, request }) => {
    await register(deps, body, request.ip);
    return { statusCode: 201, message: "auth.registered", data: { email: body.email } };
  });

  route(app, calls.otpVerify, async ({ body, request }) => {
    const resetToken = await verifyCode(deps, body, request.ip);
    return {
      message: body.purpose === "register" ? "auth.emailVerified" : "auth.codeVerified",
      data: { purpose: body.purpose, email: body.email, ...(resetToken && { reset_token: resetToken }) },
    };
  });

  route(app, calls.resendOtp, async ({ body, request }) => {
    await requestCode(deps, body.email, body.purpose, request.ip);
    return { message: "auth.codeResent" };
  });

  route(app, calls.login, async ({ body, request, user }) => {
    const { token, profile } = await login(deps, body, request.ip, user);
    return { message: "auth.loggedIn", extra: { auth_token: token }, data: profile };
  });

  route(app, calls.forgotPassword, async ({ body, request }) => {
    // As resend-otp: existing and unknown emails take the same time.
    await requestCode(deps, body.email, "forgot-password", request.ip);
    return { message: "auth.forgotPasswordSent", data: { email: body.email } };
  });

  route(app, calls.resetPassword, async ({ body }) => {
    await resetPassword(deps, body);
    return { message: "auth.passwordReset" };
  });

  route(app, calls.logout, async ({ user }) => {
    await revokeToken(deps.db, user.tokenId);
    return { message: "auth.loggedOut" };
  });
}
