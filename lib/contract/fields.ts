import { z } from "zod";

// Zod compiles object parsers with `new Function` where it may. Pages forbid eval in their CSP
// (lib/web-server/page-policy.ts), where even zod's probe for it is a reported violation: in the
// browser, parse without it.
if (typeof window !== "undefined") z.config({ jitless: true });

/** Field rules shared by every form and call that uses them. */
export const email = z
  .string({ error: "The email field is required." })
  .trim()
  .min(1, { error: "The email field is required.", abort: true })
  .max(191, "The email may not be greater than 191 characters.")
  .pipe(z.email("Please enter a valid email address."))
  .transform((value) => value.toLowerCase());

export const password = z
  .string({ error: "The password field is required." })
  .min(8, "The password must be at least 8 characters.")
  .max(128, "The password may not be greater than 128 characters.");

/** A password that is checked, not set: only presence matters. */
export const currentPassword = z
  .string({ error: "The password field is required." })
  .min(1, "The password field is required.")
  .max(128, "The password may not be greater than 128 characters.");

export const name = z
  .string({ error: "The name field is required." })
  .trim()
  .min(2, "The name must be at least 2 characters.")
  .max(100, "The name may not be greater than 100 characters.");

export const phoneNumber = z
  .string({ error: "The phone number field is required." })
  .trim()
  // abort: an empty number gets one message, not "required" and "invalid" both.
  .min(1, { error: "The phone number field is required.", abort: true })
  .regex(/^\+?[0-9 ()-]{6,20}$/, "Please enter a valid phone number.");

export const otpCode = z
  .string({ error: "The code field is required." })
  .trim()
  .regex(/^\d{6}$/, "The code must be 6 digits.");

export const otpPurpose = z.enum(["register", "forgot-password"], {
  error: "The purpose must be register or forgot-password.",
});
export type OtpPurpose = z.infer<typeof otpPurpose>;

/** Adds the "passwords match" rule to a schema with password + password_confirmation. */
export function confirmed<T extends { password: string; password_confirmation: string }>(
  value: T,
  ctx: z.RefinementCtx,
) {
  if (value.password !== value.password_confirmation) {
    ctx.addIssue({
      code: "custom",
      path: ["password_confirmation"],
      message: "The password confirmation does not match.",
    });
  }
}

/** Postgres `integer` ids: anything larger would fail in the database instead of in validation. */
const MAX_ID = 2_147_483_647;

/** A row id, from JSON (number) or a form / query string. */
export const id = z.coerce
  .number({ error: "The id must be a whole number." })
  .int("The id must be a whole number.")
  .min(1, "The id must be a whole number.")
  .max(MAX_ID, "The id must be a whole number.");

/** A required reference to another row, chosen in a form (a blank select means none chosen). */
export const refId = (label: string) =>
  z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.coerce
      .number({ error: `The ${label} field is required.` })
      .int(`The ${label} field is required.`)
      .min(1, `The ${label} field is required.`)
      .max(MAX_ID, `The ${label} field is required.`),
  );

/** Present on add-* calls when the row is edited instead of created. */
export const optionalId = z.preprocess((value) => (value === "" || value === null ? undefined : value), id.optional());

/** A required one-line text of at most `max` characters, with Laravel-style messages. */
export const text = (label: string, max: number) =>
  z
    .string({ error: `The ${label} field is required.` })
    .trim()
    .min(1, `The ${label} field is required.`)
    .max(max, `The ${label} may not be greater than ${max} characters.`);

export const idBody = z.object({ id });
export type IdBody = z.input<typeof idBody>;
