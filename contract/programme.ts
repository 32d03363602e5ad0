// A card's balance in its programme's own terms, one function for every place a card shows: the
// card page, both passes, the counter screen, the directory, the scanner and the export. The words
// come from a catalogue: the server builds them from its own (programmeWords).
import { kindOf } from "./kinds";
import type { KindTerms, ProgrammeWords } from "./kinds/types";
import type { RewardKind } from "./rewards";

/** What the balance's text needs to know of the programme. */
export type ProgrammeTerms = KindTerms<RewardKind>;

export type { ProgrammeWords };

/** The cheapest option the balance does not reach yet, or null. */
export { nextOption } from "./kinds/points";

/** The balance alone: "7 stamps", "340 points", "€4.60". */
export function balanceAmount(terms: ProgrammeTerms, balance: number, words: ProgrammeWords): string {
  return kindOf(terms.kind).balanceAmount(terms, balance, words);
}

/**
 * "7 of 10 stamps", "340 points — 60 to Free lunch" (or "340 points" when every option is
 * affordable or there is none), "€4.60 to spend".
 */
export function balanceText(terms: ProgrammeTerms, balance: number, words: ProgrammeWords): string {
  return kindOf(terms.kind).balanceText(terms, balance, words);
}

/** A history entry's change: "+1 stamp", "−100 points", "+€0.46". */
export function deltaText(
  terms: Pick<ProgrammeTerms, "kind" | "currency">,
  delta: number,
  words: ProgrammeWords,
): string {
  const sign = delta < 0 ? "−" : "+";
  return `${sign}${balanceAmount({ ...terms, stampsRequired: null }, Math.abs(delta), words)}`;
}
