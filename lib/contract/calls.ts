import type { z } from "zod";
import {
  forgotPasswordBody,
  loginBody,
  otpVerifyBody,
  passwordUpdateBody,
  profileUpdateBody,
  registerBody,
  resendOtpBody,
  resetPasswordBody,
  userSoftDeleteBody,
} from "./auth";

/**
 * Who may make a call: anyone, any signed-in user (owner or staff), or owners only.
 * Staff calling an owner-only call get 403.
 */
export type Access = "public" | "user" | "owner";

/**
 * What a call does to the web session; the BFF acts on it, so no call needs a path check there.
 * - `signIn`: the answer's `auth_token` goes into the session (the browser never sees it).
 * - `signOut`: the session ends once the API confirms (the token is revoked).
 * - `holdResetToken`: the answer's `data.reset_token` goes into the session.
 * - `spendResetToken`: the held reset token is added to the body, and forgotten on success.
 * - `readProfile`: the session's plan status follows the answer's `data.status_payment`.
 * Every call: an answer of "Unauthenticated." ends the session.
 */
export type SessionEffect = "signIn" | "signOut" | "holdResetToken" | "spendResetToken" | "readProfile";

export type Call = {
  method: "GET" | "POST";
  /** Path under the API base (`/api`), exactly as spec.md §7 names it. */
  path: string;
  access: Access;
  body?: z.ZodType;
  query?: z.ZodType;
  session?: SessionEffect;
};

/**
 * The backend contract: every call the product makes. The API server registers its routes from
 * it, the BFF forwards only what is listed here, and the browser's forms use the same schemas.
 */
export const calls = {
  register: { method: "POST", path: "/register", access: "public", body: registerBody },
  otpVerify: {
    method: "POST",
    path: "/otp-verify",
    access: "public",
    body: otpVerifyBody,
    session: "holdResetToken",
  },
  resendOtp: { method: "POST", path: "/resend-otp", access: "public", body: resendOtpBody },
  login: { method: "POST", path: "/login", access: "public", body: loginBody, session: "signIn" },
  forgotPassword: {
    method: "POST",
    path: "/forgot-password",
    access: "public",
    body: forgotPasswordBody,
  },
  resetPassword: {
    method: "POST",
    path: "/reset-password",
    access: "public",
    body: resetPasswordBody,
    session: "spendResetToken",
  },
  logout: { method: "POST", path: "/logout", access: "user", session: "signOut" },
  userProfile: { method: "GET", path: "/user-profile", access: "user", session: "readProfile" },
  profileUpdate: {
    method: "POST",
    path: "/profile-update",
    access: "user",
    body: profileUpdateBody,
  },
  passwordUpdate: {
    method: "POST",
    path: "/password-update",
    access: "user",
    body: passwordUpdateBody,
  },
  userSoftDelete: {
    method: "POST",
    path: "/user-soft-delete",
    access: "owner",
    body: userSoftDeleteBody,
    session: "signOut",
  },
  health: { method: "GET", path: "/health", access: "public" },
} as const satisfies Record<string, Call>;

export type CallName = keyof typeof calls;

const byRoute = new Map<string, Call>(Object.values(calls).map((call) => [`${call.method} ${call.path}`, call]));

/** The contract call for a method and path, or undefined when the contract has none. */
export function findCall(method: string, path: string): Call | undefined {
  return byRoute.get(`${method.toUpperCase()} ${path}`);
}
