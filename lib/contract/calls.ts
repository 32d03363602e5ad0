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
import { contactUsCall } from "./client-calls";
import { contactUsBody, homePageQuery, pageQuery } from "./site";

/**
 * Who may make a call: anyone, any signed-in user (owner or staff), or owners only.
 * Staff calling an owner-only call get 403.
 */
export type Access = "public" | "user" | "owner";

export type Call = {
  method: "GET" | "POST";
  /** Path under the API base (`/api`), exactly as spec.md §7 names it. */
  path: string;
  access: Access;
  body?: z.ZodType;
  query?: z.ZodType;
};

/**
 * The backend contract: every call the product makes. The API server registers its routes from
 * it, the BFF forwards only what is listed here, and the browser's forms use the same schemas.
 */
export const calls = {
  register: { method: "POST", path: "/register", access: "public", body: registerBody },
  otpVerify: { method: "POST", path: "/otp-verify", access: "public", body: otpVerifyBody },
  resendOtp: { method: "POST", path: "/resend-otp", access: "public", body: resendOtpBody },
  login: { method: "POST", path: "/login", access: "public", body: loginBody },
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
  },
  logout: { method: "POST", path: "/logout", access: "user" },
  userProfile: { method: "GET", path: "/user-profile", access: "user" },
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
  },
  health: { method: "GET", path: "/health", access: "public" },
  homePageList: { method: "GET", path: "/home-page-list", access: "public", query: homePageQuery },
  pages: { method: "GET", path: "/pages", access: "public", query: pageQuery },
  reviewList: { method: "GET", path: "/review-list", access: "public" },
  subscriptionPlanList: { method: "GET", path: "/subscriptionplan-list", access: "public" },
  contactUs: { ...contactUsCall, access: "public", body: contactUsBody },
} as const satisfies Record<string, Call>;

export type CallName = keyof typeof calls;

const byRoute = new Map<string, Call>(Object.values(calls).map((call) => [`${call.method} ${call.path}`, call]));

/** The contract call for a method and path, or undefined when the contract has none. */
export function findCall(method: string, path: string): Call | undefined {
  return byRoute.get(`${method.toUpperCase()} ${path}`);
}
