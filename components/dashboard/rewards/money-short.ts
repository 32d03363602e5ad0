import type { useFormatter } from "next-intl";
import { minorDigits } from "@/contract/minor-units";

type Formatter = ReturnType<typeof useFormatter>;

/**
 * "€1", "€12.50", "¥500": a decimal string of the contract as people read it in the page's
 * locale, without ".00" on whole amounts (display only: the number is never computed with).
 */
export function moneyShort(format: Formatter, decimal: string | number, currency: string | null): string {
  const value = Number(decimal);
  if (!currency) return String(decimal);
  const digits = Number.isInteger(value) ? 0 : minorDigits(currency);
  return format.number(value, {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}
