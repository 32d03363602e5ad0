// Money as numbers and text, without zod: what the browser needs of money (a chunk that imports
// contract/money.ts brings zod and its schemas). contract/money.ts re-exports all of it.

/**
 * The largest amount a call takes at all, in the currency's major unit: a sanity bound. What a
 * purchase may be to earn is the business's own `max_purchase_amount` (at most this), which the
 * engine checks.
 */
export const MAX_AMOUNT_MAJOR = 100_000_000;
/** A business's purchase limit when the owner sets none. */
export const DEFAULT_MAX_PURCHASE = "10000";

const CURRENCY = /^[A-Z]{3}$/;

/** Whether the runtime knows `code` as an ISO 4217 currency. */
export function isCurrency(code: string): boolean {
  if (!CURRENCY.test(code)) return false;
  return Intl.supportedValuesOf("currency").includes(code);
}

/** The currency's decimals: 2 for EUR, 0 for JPY, 3 for KWD. */
export function minorDigits(currency: string): number {
  return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * A decimal string as minor units of `currency`, exactly (no float): "4.6" → 460 for EUR. Null
 * when it is not a plain decimal or has more decimals than the currency has.
 */
export function toMinor(decimal: string, currency: string): number | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!match) return null;
  const digits = minorDigits(currency);
  const fraction = match[2] ?? "";
  if (fraction.replace(/0+$/, "").length > digits) return null;
  const minor = Number(match[1]! + fraction.padEnd(digits, "0").slice(0, digits));
  return Number.isSafeInteger(minor) ? minor : null;
}

/**
 * A decimal string with at most two decimals as whole hundredths, exactly (no float): "0.1" → 10,
 * "12" → 1200. Null when it is not a plain decimal or has finer decimals ("0.001").
 */
export function toHundredths(decimal: string): number | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!match) return null;
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  if (fraction.length > 2) return null;
  const hundredths = Number(match[1]! + fraction.padEnd(2, "0"));
  return Number.isSafeInteger(hundredths) ? hundredths : null;
}

/** Hundredths as the contract's shortest decimal string: 10 → "0.1", 1200 → "12", 1205 → "12.05". */
export function hundredthsText(hundredths: number): string {
  const text = String(hundredths).padStart(3, "0");
  const fraction = text.slice(-2).replace(/0+$/, "");
  return fraction ? `${text.slice(0, -2)}.${fraction}` : text.slice(0, -2);
}

/** Minor units as the contract's decimal string: 460 EUR → "4.60", 500 JPY → "500". */
export function fromMinor(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  const sign = minor < 0 ? "-" : "";
  const text = String(Math.abs(minor)).padStart(digits + 1, "0");
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** Minor units as people read them in `locale`: "€4.60", "¥500". */
export function formatMoney(minor: number, currency: string, locale = "en"): string {
  const digits = minorDigits(currency);
  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(minor / 10 ** digits);
}

/** The amount in `currency`'s minor units, or the message a 422 gives. */
export function amountInMinor(decimal: string, currency: string): { minor: number } | { error: string } {
  const minor = toMinor(decimal, currency);
  if (minor === null) {
    const digits = minorDigits(currency);
    return {
      error:
        digits === 0
          ? `Amounts in ${currency} have no decimals.`
          : `Amounts in ${currency} have at most ${digits} decimals.`,
    };
  }
  if (minor <= 0) return { error: "The amount must be more than 0." };
  return { minor };
}
