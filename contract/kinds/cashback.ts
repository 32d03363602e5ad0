import { formatMoney, fromMinor, MAX_AMOUNT_MAJOR } from "../minor-units";
import type { SharedKind } from "./types";

/** Cashback: a percent of each amount kept as money, by tiers of lifetime spend; spent as money off. */

export const MAX_TIERS = 10;

export { percentText } from "./numbers";

/** The balance as money in the business's currency (EUR until it has one). */
const money = (balance: number, currency: string | null, locale: string) =>
  formatMoney(balance, currency ?? "EUR", locale);

export const cashback = {
  checkBody(body: { cashback_percent?: number }, issue) {
    if (body.cashback_percent === undefined) issue("cashback_percent", "The cashback percent field is required.");
  },
  bonusProblem: (value, label) =>
    Number(value) > MAX_AMOUNT_MAJOR
      ? `The ${label} may not be more than ${MAX_AMOUNT_MAJOR.toLocaleString("en")}.`
      : null,
  defaultReferralBonus: 0,
  countsMoney: true,
  needsCurrency: true,
  feature: null,
  sellsVisits: false,
  rewardCost: false,
  hasOptions: false,
  balanceOffer: null,
  levelField: null,
  levelBasis: "spend",
  totalled: false,
  stampsRequired: () => null,
  balanceAmount: (terms, balance, words) => money(balance, terms.currency, words.locale),
  balanceText: (terms, balance, words) => words.toSpend(money(balance, terms.currency, words.locale)),
  ready: () => false,
  unitValue: (value, currency) => (currency ? fromMinor(value, currency) : value),
} satisfies SharedKind;
