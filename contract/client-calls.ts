// Calls that public pages (the site, the auth pages, the customer's card) make from the browser,
// in a module without zod: importing `calls` would bring every schema of the product (and zod)
// into those pages' first-load JavaScript. `calls.ts` adds each call's schemas to these entries,
// so the contract still has one definition of each.
import type { Call } from "./call";

export const contactUsCall = { method: "POST", path: "/contact-us" } as const;

/** A browser's push token, for the signed-in owner (or their staff) or this device's card. */
export const fcmTokenCall = {
  method: "POST",
  path: "/fcm-token",
  access: "public",
  session: "useCardSecrets",
} as const;

/** The sign-in calls; the auth pages load their form schemas (auth.ts) once the page is up. */
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
  // Its answer is the profile: the BFF follows its plan status and language like a profile read.
  profileUpdate: {
    method: "POST",
    path: "/profile-update",
    access: "user",
    session: "readProfile",
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
} as const satisfies Record<string, Omit<Call, "body" | "answer">>;
