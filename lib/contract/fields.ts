// Written with zod's tree-shakable `zod/mini` API: these rules are the only zod the auth pages ship
// (issue 6: their first-load JavaScript). Classic-API schemas elsewhere in the contract embed them.
import "./zod-setup";
import * as z from "zod/mini";

/** Field rules shared by every form and call that uses them. */
export const email = z.pipe(
  z
    .string({ error: "The email field is required." })
    .check(
      z.trim(),
      z.minLength(1, { error: "The email field is required.", abort: true }),
      z.maxLength(191, "The email may not be greater than 191 characters."),
    ),
  z.email("Please enter a valid email address.").check(z.toLowerCase()),
);

export const password = z
  .string({ error: "The password field is required." })
  .check(
    z.minLength(8, "The password must be at least 8 characters."),
    z.maxLength(128, "The password may not be greater than 128 characters."),
  );

/** A password that is checked, not set: only presence matters. */
export const currentPassword = z
  .string({ error: "The password field is required." })
  .check(
    z.minLength(1, "The password field is required."),
    z.maxLength(128, "The password may not be greater than 128 characters."),
  );

export const name = z
  .string({ error: "The name field is required." })
  .check(
    z.trim(),
    z.minLength(2, "The name must be at least 2 characters."),
    z.maxLength(100, "The name may not be greater than 100 characters."),
  );

export const phoneNumber = z.string({ error: "The phone number field is required." }).check(
  z.trim(),
  // abort: an empty number gets one message, not "required" and "invalid" both.
  z.minLength(1, { error: "The phone number field is required.", abort: true }),
  z.regex(/^\+?[0-9 ()-]{6,20}$/, "Please enter a valid phone number."),
);

export const otpCode = z
  .string({ error: "The code field is required." })
  .check(z.trim(), z.regex(/^\d{6}$/, "The code must be 6 digits."));

export const otpPurpose = z.enum(["register", "forgot-password"], {
  error: "The purpose must be register or forgot-password.",
});
export type OtpPurpose = z.infer<typeof otpPurpose>;

/** A password confirmation field: its own message when missing; `confirmed` compares it. */
export const passwordConfirmation = z.string({ error: "Please confirm the password." });

/** The "passwords match" rule for a schema with password + password_confirmation (`.check(confirmed)`). */
export const confirmed = z.superRefine((value: { password: string; password_confirmation: string }, ctx) => {
  if (value.password !== value.password_confirmation) {
    ctx.addIssue({
      code: "custom",
      path: ["password_confirmation"],
      message: "The password confirmation does not match.",
    });
  }
});
