// zod/mini, like fields.ts: the auth pages ship these schemas and nothing more of zod.
import "./zod-setup";
import * as z from "zod/mini";
import { LOCALES } from "./locales";
import {
  confirmed,
  currentPassword,
  email,
  name,
  otpCode,
  otpPurpose,
  password,
  passwordConfirmation,
  phoneNumber,
} from "./fields";

export const registerBody = z
  .object({
    name,
    email,
    phone_number: phoneNumber,
    password,
    password_confirmation: passwordConfirmation,
  })
  .check(confirmed);

export const loginBody = z.object({ email, password: currentPassword });

export const otpVerifyBody = z.object({ email, otp: otpCode, purpose: otpPurpose });

export const resendOtpBody = z.object({ email, purpose: otpPurpose });

export const forgotPasswordBody = z.object({ email });

/**
 * `reset_token` is issued by otp-verify (purpose forgot-password). Through the BFF the browser
 * never holds it: the BFF keeps it in the session cookie and adds it here.
 */
export const resetPasswordBody = z
  .object({
    email,
    reset_token: z
      .string({ error: "The reset session has expired. Please request a new code." })
      .check(z.minLength(20, "The reset session has expired. Please request a new code."), z.maxLength(200)),
    password,
    password_confirmation: passwordConfirmation,
  })
  .check(confirmed);
/** What the change-password form sends; the BFF adds reset_token. */
export const changePasswordForm = z.object({ email, password, password_confirmation: z.string() }).check(confirmed);

/** One of our locales (zod/mini, so the auth pages stay small; locales.ts has no zod at all). */
export const localeSchema = z.enum(LOCALES, { error: `Choose one of: ${LOCALES.join(", ")}.` });

/** `locale` is optional so older clients keep working; when sent, it must be one of ours. */
export const profileUpdateBody = z.object({ name, phone_number: phoneNumber, locale: z.optional(localeSchema) });
export type ProfileUpdateBody = z.input<typeof profileUpdateBody>;

export const passwordUpdateBody = z
  .object({
    current_password: currentPassword,
    password,
    password_confirmation: passwordConfirmation,
  })
  .check(confirmed);
export type PasswordUpdateBody = z.input<typeof passwordUpdateBody>;

export const userSoftDeleteBody = z.object({ password: currentPassword });
export type UserSoftDeleteBody = z.input<typeof userSoftDeleteBody>;

/** The user as every auth answer describes it. */
export const userProfile = z.object({
  id: z.int(),
  name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  role: z.enum(["owner", "staff"]),
  status_payment: z.enum(["0", "1"]),
  email_verified_at: z.nullable(z.string()),
  created_at: z.string(),
  /** The owner's chosen language; null until chosen (the browser's is used). */
  locale: z.nullable(localeSchema),
});
export type UserProfile = z.infer<typeof userProfile>;

export const loginResponse = z.object({
  status: z.literal(true),
  message: z.string(),
  auth_token: z.string(),
  data: userProfile,
});

// The answers' `data` of the sign-in calls.
export const noData = z.null();
export const emailAnswer = z.object({ email: z.string() });
export const otpVerifyAnswer = z.object({
  purpose: otpPurpose,
  email: z.string(),
  /** Only for a password reset: the BFF holds it in the session. */
  reset_token: z.optional(z.string()),
});
