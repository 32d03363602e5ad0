// A card's balance in its programme's own terms (issue 23 §7), one function for every place a card
// shows: the card page, both passes, the counter screen, the directory, the scanner and the export.
// The words come from a catalogue (issue 25): the server builds them from its own (programmeWords).
import { kindOf } from "../kinds/index";
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

/**
 * A balance's words in one language, each a catalogue sentence (ICU plurals there, so Arabic's
 * six forms are the catalogue's business, not this file's). `locale` formats numbers and money.
 */
export interface ProgrammeWords {
  locale: string;
  /** "1 stamp", "7 stamps". */
  stamps(count: number): string;
  /** "1 point", "340 points". */
  points(count: number): string;
  /** "7 of 10 stamps". */
  stampsOf(stamps: number, required: number): string;
  /** "340 points — 60 to Free lunch": `amount` is already in words. */
  pointsTo(amount: string, remaining: number, title: string): string;
  /** "€4.60 to spend": `amount` is already money. */
  toSpend(amount: string): string;
}

/** The cheapest option the balance does not reach yet, or null. */
export { nextOption } from "../kinds/points/shared";

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
