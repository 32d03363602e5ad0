// Method, path, access and session effect of the sign-in calls, in a module without zod: the auth
// pages call the API with these, and load their form schemas (auth.ts) only once the page is up, so
// zod is not part of their first-load JavaScript (issue 6). `calls.ts` adds each call's body schema,
// so the contract still has one definition of each.
import type { Call } from "./calls";

export const authCalls = {
  register: { method: "POST", path: "/register", access: "public" },
  otpVerify: {
    method: "POST",
    path: "/otp-verify",
    access: "public",
    session: "holdResetToken",
  },
  resendOtp: { method: "POST", path: "/resend-otp", access: "public" },
  login: { method: "POST", path: "/login", access: "public", session: "signIn" },
  forgotPassword: {
    method: "POST",
    path: "/forgot-password",
    access: "public",
  },
  resetPassword: {
    method: "POST",
    path: "/reset-password",
    access: "public",
    session: "spendResetToken",
  },
  logout: { method: "POST", path: "/logout", access: "user", session: "signOut" },
  userProfile: { method: "GET", path: "/user-profile", access: "user", session: "readProfile" },
  profileUpdate: {
    method: "POST",
    path: "/profile-update",
    access: "user",
  },
  passwordUpdate: {
    method: "POST",
    path: "/password-update",
    access: "user",
  },
  userSoftDelete: {
    method: "POST",
    path: "/user-soft-delete",
    access: "owner",
    session: "signOut",
  },
} as const satisfies Record<string, Omit<Call, "body">>;
