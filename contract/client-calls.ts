// Calls that public pages (the site, the auth pages, the customer's card, the counter screen) make
// from the browser, in a module without zod: importing `calls` would bring every schema of the
// product (and zod) into those pages' first-load JavaScript. `calls.ts` adds each call's schemas to
// these entries, so the contract still has one definition of each.
import type { Call } from "./call";
import type { Schema } from "./schema";
import type {
  emailAnswer,
  forgotPasswordBody,
  loginBody,
  noData,
  otpVerifyAnswer,
  otpVerifyBody,
  passwordUpdateBody,
  profileUpdateBody,
  registerBody,
  resendOtpBody,
  resetPasswordBody,
  userProfile,
  userSoftDeleteBody,
} from "./auth";
import type { counterDeviceClaimAnswer, counterDeviceClaimBody } from "./counter-devices";
import type { customerDeleteAnswer, walletBirthdayAnswer } from "./customers";
import type { fcmTokenAnswer, fcmTokenBody } from "./notifications";
import type { counterCodeAnswer, counterEventStream, qrIdQuery } from "./qr-codes";
import type { contactUsBody } from "./site";
import type {
  walletBirthdayBody,
  walletCardDeleteBody,
  walletJoinBody,
  walletJoinResult,
  walletRecoverAnswer,
  walletRecoverBody,
} from "./wallet";

/**
 * An entry with the types of the schemas calls.ts adds to it: optional fields, absent here, so the
 * web's `callApi` types a light page's input and answer from them while the schemas stay out of its
 * bundle (lib/api/call.test.ts checks that they are the types of calls.ts's schemas).
 */
type Flat<T> = { [K in keyof T]: T[K] };
type Typed<C, S> = Flat<C & { readonly [K in keyof S]?: S[K] }>;
const typed =
  <S extends { body?: Schema; query?: Schema; answer?: Schema }>() =>
  <const C extends Omit<Call, "body" | "query" | "answer">>(call: C) =>
    call as Typed<C, S>;

export const contactUsCall = typed<{ body: typeof contactUsBody; answer: typeof noData }>()({
  method: "POST",
  path: "/contact-us",
  access: "public",
});

/** A browser's push token, for the signed-in owner (or their staff) or this device's card. */
export const fcmTokenCall = typed<{ body: typeof fcmTokenBody; answer: typeof fcmTokenAnswer }>()({
  method: "POST",
  path: "/fcm-token",
  access: "public",
  session: "useCardSecrets",
});

/** The sign-in calls; the auth pages load their form schemas (auth.ts) once the page is up. */
export const authCalls = {
  register: typed<{ body: typeof registerBody; answer: typeof emailAnswer }>()({
    method: "POST",
    path: "/register",
    access: "public",
  }),
  otpVerify: typed<{ body: typeof otpVerifyBody; answer: typeof otpVerifyAnswer }>()({
    method: "POST",
    path: "/otp-verify",
    access: "public",
    session: "holdResetToken",
  }),
  resendOtp: typed<{ body: typeof resendOtpBody; answer: typeof noData }>()({
    method: "POST",
    path: "/resend-otp",
    access: "public",
  }),
  login: typed<{ body: typeof loginBody; answer: typeof userProfile }>()({
    method: "POST",
    path: "/login",
    access: "public",
    session: "signIn",
  }),
  forgotPassword: typed<{ body: typeof forgotPasswordBody; answer: typeof emailAnswer }>()({
    method: "POST",
    path: "/forgot-password",
    access: "public",
  }),
  resetPassword: typed<{ body: typeof resetPasswordBody; answer: typeof noData }>()({
    method: "POST",
    path: "/reset-password",
    access: "public",
    session: "spendResetToken",
  }),
  logout: typed<{ answer: typeof noData }>()({ method: "POST", path: "/logout", access: "user", session: "signOut" }),
  userProfile: typed<{ answer: typeof userProfile }>()({
    method: "GET",
    path: "/user-profile",
    access: "user",
    session: "readProfile",
  }),
  // Its answer is the profile: the BFF follows its plan status and language like a profile read.
  profileUpdate: typed<{ body: typeof profileUpdateBody; answer: typeof userProfile }>()({
    method: "POST",
    path: "/profile-update",
    access: "user",
    session: "readProfile",
  }),
  passwordUpdate: typed<{ body: typeof passwordUpdateBody; answer: typeof noData }>()({
    method: "POST",
    path: "/password-update",
    access: "user",
  }),
  userSoftDelete: typed<{ body: typeof userSoftDeleteBody; answer: typeof noData }>()({
    method: "POST",
    path: "/user-soft-delete",
    access: "owner",
    session: "signOut",
  }),
} as const satisfies Record<string, Omit<Call, "body" | "answer">>;

/** The customer's card page (add-to-wallet): its forms post these without zod on a phone. */
export const walletCalls = {
  walletJoin: typed<{ body: typeof walletJoinBody; answer: typeof walletJoinResult }>()({
    method: "POST",
    path: "/wallet-join",
    access: "public",
    session: "holdCardSecret",
  }),
  walletRecover: typed<{ body: typeof walletRecoverBody; answer: typeof walletRecoverAnswer }>()({
    method: "POST",
    path: "/wallet-recover",
    access: "public",
    session: "holdCardSecret",
  }),
  walletCardDelete: typed<{ body: typeof walletCardDeleteBody; answer: typeof customerDeleteAnswer }>()({
    method: "POST",
    path: "/wallet-card-delete",
    access: "public",
    session: "useCardSecrets",
  }),
  walletBirthday: typed<{ body: typeof walletBirthdayBody; answer: typeof walletBirthdayAnswer }>()({
    method: "POST",
    path: "/wallet-birthday",
    access: "public",
    session: "useCardSecrets",
  }),
} as const satisfies Record<string, Omit<Call, "body" | "answer">>;

/**
 * The counter screen's calls (a tablet at the counter, signed in or by its device link); its
 * confirmations come by `counter-events`, an event stream the screen opens itself.
 */
export const counterCalls = {
  /**
   * The counter screen's current code of a QR code: owner or staff of its owner, or the tablet
   * signed in to that screen (device link); each checks its own credentials, hence public.
   */
  counterCode: typed<{ query: typeof qrIdQuery; answer: typeof counterCodeAnswer }>()({
    method: "GET",
    path: "/counter-code",
    access: "public",
    counterDevice: true,
  }),
  /** Each stamp through the QR code, as server-sent events (the screen's EventSource opens it). */
  counterEvents: typed<{ query: typeof qrIdQuery; answer: typeof counterEventStream }>()({
    method: "GET",
    path: "/counter-events",
    access: "public",
    stream: true,
    counterDevice: true,
  }),
  /** The tablet opens its link: the token, claimed once, goes into its httpOnly cookie. */
  counterDeviceClaim: typed<{ body: typeof counterDeviceClaimBody; answer: typeof counterDeviceClaimAnswer }>()({
    method: "POST",
    path: "/counter-device-claim",
    access: "public",
    session: "holdCounterDevice",
  }),
} as const satisfies Record<string, Omit<Call, "body" | "query" | "answer">>;
