import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";
import { email as emailRule } from "../../../../contract/fields";
import { safeParse } from "../../../../contract/schema";
import type { ImportMapping } from "../../../../contract/customer-import";
import type { ApiKey } from "../../i18n/messages/api/en";

/** The largest starting balance a row may carry (in the programme's unit). */
export const MAX_IMPORT_BALANCE = 1_000_000;
const MAX_CELL = 255;

/** The words a consent column says yes with, in our six languages. */
const YES = new Set(["yes", "y", "true", "1", "x", "si", "sí", "oui", "ja", "sim", "نعم"]);

/** A row as staged: its customer and card fields, or why it is refused. */
export type CheckedRow = {
  line: number;
  name: string;
  email: string | null;
  phone: string | null;
  phoneE164: string | null;
  /** The phone's digits as it may have been typed elsewhere: as here, international, national. */
  phoneKeys: string[] | null;
  birthday: string | null;
  balance: number;
  consentEmail: boolean;
  consentSms: boolean;
  joinedAt: Date | null;
  error: ApiKey | null;
};

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date (YYYY-MM-DD) that exists, or null. */
function calendarDate(text: string): string | null {
  const match = ISO_DATE.exec(text);
  if (!match) return null;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text ? text : null;
}

/** A date or an ISO date and time in the past, or null. */
function pastMoment(text: string, now: Date): Date | null {
  const day = calendarDate(text);
  const date = day ? new Date(`${day}T00:00:00Z`) : /^\d{4}-\d{2}-\d{2}T/.test(text) ? new Date(text) : null;
  return date && !Number.isNaN(date.getTime()) && date <= now ? date : null;
}

/**
 * Checks one line's cells under the mapping: an email (the customer's key here), an optional
 * phone that is a phone number in the business's country (stored as E.164), dates, a whole
 * balance; the cells stay text and are never evaluated. The first problem is the row's reason.
 */
export function checkRow(
  line: number,
  cells: readonly string[],
  mapping: ImportMapping,
  country: CountryCode | undefined,
  now: Date,
): CheckedRow {
  const cell = (column: number | null) => (column === null ? "" : (cells[column] ?? "").trim());
  const row: CheckedRow = {
    line,
    name: cell(mapping.name),
    email: null,
    phone: null,
    phoneE164: null,
    phoneKeys: null,
    birthday: null,
    balance: 0,
    consentEmail: YES.has(cell(mapping.consent_email).toLowerCase()),
    consentSms: YES.has(cell(mapping.consent_sms).toLowerCase()),
    joinedAt: null,
    error: null,
  };
  const refuse = (error: ApiKey) => ({ ...row, error });
  if (cells.some((text) => text.length > MAX_CELL)) return refuse("imports.row.tooLong");

  const emailText = cell(mapping.email);
  if (!emailText) return refuse("imports.row.emailMissing");
  const email = safeParse(emailRule, emailText);
  if (!email.success) return refuse("imports.row.emailInvalid");
  row.email = email.data;
  row.name ||= email.data.split("@")[0]!;

  const phoneText = cell(mapping.phone);
  if (phoneText) {
    const phone = parsePhoneNumberFromString(phoneText, country);
    if (!phone?.isValid()) return refuse("imports.row.phoneInvalid");
    row.phone = phoneText;
    row.phoneE164 = phone.number;
    const digits = (text: string) => text.replace(/\D/g, "");
    row.phoneKeys = [...new Set([digits(phoneText), digits(phone.number), digits(phone.formatNational())])];
  }

  const birthdayText = cell(mapping.birthday);
  if (birthdayText) {
    row.birthday = calendarDate(birthdayText);
    if (!row.birthday) return refuse("imports.row.birthdayInvalid");
  }

  const balanceText = cell(mapping.balance);
  if (balanceText) {
    const balance = /^\d{1,7}$/.test(balanceText) ? Number(balanceText) : NaN;
    if (!(balance <= MAX_IMPORT_BALANCE)) return refuse("imports.row.balanceInvalid");
    row.balance = balance;
  }

  const joinedText = cell(mapping.joined_at);
  if (joinedText) {
    row.joinedAt = pastMoment(joinedText, now);
    if (!row.joinedAt) return refuse("imports.row.joinedAtInvalid");
  }
  return row;
}

/**
 * Checks every row; a later line with an email or phone an earlier good line has is refused as
 * a duplicate (one customer, one card: the file's first line wins).
 */
export function checkRows(
  rows: readonly { line: number; cells: string[] }[],
  mapping: ImportMapping,
  country: CountryCode | undefined,
  now = new Date(),
): CheckedRow[] {
  return rows.map(rowChecker(mapping, country, now));
}

/** checkRows one row at a time, in the file's order (the duplicates are those of the rows before). */
export function rowChecker(
  mapping: ImportMapping,
  country: CountryCode | undefined,
  now = new Date(),
): (row: { line: number; cells: string[] }) => CheckedRow {
  const seen = new Set<string>();
  return ({ line, cells }) => {
    const row = checkRow(line, cells, mapping, country, now);
    if (row.error) return row;
    const keys = [`e:${row.email}`, ...(row.phoneE164 ? [`p:${row.phoneE164}`] : [])];
    if (keys.some((key) => seen.has(key))) return { ...row, error: "imports.row.duplicate" };
    keys.forEach((key) => seen.add(key));
    return row;
  };
}
