// Row ids and short texts of the dashboard's forms and calls. Apart from fields.ts so the auth pages,
// which need none of these, do not ship them (or zod's number coercion).
import "./zod-setup";
import * as z from "zod/mini";

/** Postgres `integer` ids: anything larger would fail in the database instead of in validation. */
const MAX_ID = 2_147_483_647;

const wholeNumber = (message: string) =>
  z.coerce.number({ error: message }).check(
    z.refine((value) => Number.isInteger(value), message),
    z.gte(1, message),
    z.lte(MAX_ID, message),
  );

/** A row id, from JSON (number) or a form / query string. */
export const id = wholeNumber("The id must be a whole number.");

/** A blank form value (empty select or input) is no value. */
const blankAs = (none: undefined | null, blanks: unknown[]) =>
  z.transform((value: unknown) => (blanks.includes(value) ? none : value));

/** A required reference to another row, chosen in a form (a blank select means none chosen). */
export const refId = (label: string) =>
  z.pipe(blankAs(undefined, [""]), wholeNumber(`The ${label} field is required.`));

/** Present on add-* calls when the row is edited instead of created (blank or null: absent). */
export const optionalId = z.optional(z.pipe(blankAs(undefined, ["", null]), z.optional(id)));

/** A required one-line text of at most `max` characters, with Laravel-style messages. */
export const text = (label: string, max: number) =>
  z
    .string({ error: `The ${label} field is required.` })
    .check(
      z.trim(),
      z.minLength(1, `The ${label} field is required.`),
      z.maxLength(max, `The ${label} may not be greater than ${max} characters.`),
    );

export const idBody = z.object({ id });
