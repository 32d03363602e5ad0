// Written with zod's tree-shakable `zod/mini` API: these rules are the only zod the auth pages ship
// (keeping their first-load JavaScript small). Classic-API schemas elsewhere in the contract embed them.
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

/**
 * The range every date of the contract lies in. 1900 is the floor a living
 * customer's birthday needs; 2100 is far beyond any filter or period anyone means. Outside it a
 * date is a typo or a probe: year 0 and 9999-12-31 plus a day are beyond what PostgreSQL's
 * timestamps take, which answered 500 where a filter reached the database unchecked.
 */
export const FIRST_DATE = "1900-01-01";
export const LAST_DATE = "2100-12-31";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `year` has a 29 February (Gregorian rule). */
export const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** How many days a month (1–12) of a year has. */
export const daysInMonth = (year: number, month: number) =>
  month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

/** A day that exists: 2026-02-30 or 2025-02-29 would silently become a day of March in a Date. */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/**
 * The one date type of the contract: a calendar day `YYYY-MM-DD` (UTC, no time) between
 * FIRST_DATE and LAST_DATE. Every date in a query or body is this schema (a birthday adds "not in
 * the future"), so every call answers the same 422 to the same bad day.
 */
export const calendarDate = z.string({ error: "The date must be written YYYY-MM-DD." }).check(
  z.regex(ISO_DATE, { error: "The date must be written YYYY-MM-DD.", abort: true }),
  z.refine(isCalendarDate, { error: "The date is not a day of the calendar.", abort: true }),
  // Same-length ISO days order as text.
  z.refine(
    (value: string) => value >= FIRST_DATE && value <= LAST_DATE,
    `The date must be between ${FIRST_DATE} and ${LAST_DATE}.`,
  ),
);
