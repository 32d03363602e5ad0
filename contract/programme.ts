// A card's balance in its programme's own terms (issue 23 §7), one function for every place a card
// shows: the card page, both passes, the counter screen, the directory, the scanner and the export.
import { formatMoney } from "./money";
import type { RewardKind } from "./rewards";

/** What the balance's text needs to know of the programme. */
export type ProgrammeTerms = {
  kind: RewardKind;
  /** Stamps programmes. */
  stampsRequired: number | null;
  /** Points programmes: the options, any order (the next one the balance does not reach is named). */
  options?: readonly { title: string; points: number }[];
  /** Points and cashback: the business's currency. */
  currency: string | null;
};

/** The cheapest option the balance does not reach yet, or null. */
export function nextOption(balance: number, options: readonly { title: string; points: number }[] = []) {
  return (
    options
      .filter((o) => o.points > balance)
      .reduce<{ title: string; points: number } | null>(
        (next, o) => (!next || o.points < next.points ? o : next),
        null,
      ) ?? null
  );
}

/** The balance alone: "7 stamps", "340 points", "€4.60". */
export function balanceAmount(terms: ProgrammeTerms, balance: number, locale = "en"): string {
  if (terms.kind === "cashback") return formatMoney(balance, terms.currency ?? "EUR", locale);
  const count = new Intl.NumberFormat(locale).format(balance);
  if (terms.kind === "points") return `${count} ${balance === 1 ? "point" : "points"}`;
  return `${count} ${balance === 1 ? "stamp" : "stamps"}`;
}

/**
 * "7 of 10 stamps", "340 points — 60 to Free lunch" (or "340 points" when every option is
 * affordable or there is none), "€4.60 to spend".
 */
export function balanceText(terms: ProgrammeTerms, balance: number, locale = "en"): string {
  if (terms.kind === "cashback") return `${balanceAmount(terms, balance, locale)} to spend`;
  if (terms.kind === "points") {
    const next = nextOption(balance, terms.options);
    const amount = balanceAmount(terms, balance, locale);
    return next
      ? `${amount} — ${new Intl.NumberFormat(locale).format(next.points - balance)} to ${next.title}`
      : amount;
  }
  if (terms.stampsRequired === null) return balanceAmount(terms, balance, locale);
  return `${balance} of ${terms.stampsRequired} stamps`;
}

/** A history entry's change: "+1 stamp", "−100 points", "+€0.46". */
export function deltaText(terms: Pick<ProgrammeTerms, "kind" | "currency">, delta: number, locale = "en"): string {
  const sign = delta < 0 ? "−" : "+";
  return `${sign}${balanceAmount({ ...terms, stampsRequired: null }, Math.abs(delta), locale)}`;
}
