import dynamic from "next/dynamic";
import { FieldsLoading } from "../fields-loading";
import { moneyShort } from "@/components/dashboard/rewards/money-short";
import { formatMoney, fromMinor, hundredthsText, toMinor } from "@/contract/minor-units";
import { percentText } from "@/contract/kinds/numbers";
import type { WebKind } from "../types";
import { RedeemMoney } from "./redeem";
import { face } from "./face";

/** The reward form's fields: their code (and the form's schemas) loads with the form, not with every page that asks the kind. */
const CashbackFields = dynamic(() => import("./fields").then((m) => m.CashbackFields), { loading: FieldsLoading });

/** Cashback: a percent of each purchase (tiers by lifetime spend), spent as money off. */
export const cashback: WebKind = {
  kind: "cashback",
  ns: "kinds.cashback",
  figures: ["cashback_owed"],
  face,
  lapses: false,
  hasCatalogue: false,
  redeemsByScan: false,
  RewardFields: CashbackFields,
  formValues: (reward) => ({ cashback_percent: reward?.cashback_percent ?? "" }),
  // The percent goes as the text typed, not as basis points.
  rewardBody: (values, checkedTiers) => ({
    cashback_percent: percentText(values.cashback_percent ?? 0),
    tiers: checkedTiers(),
  }),
  bonusInput: { inputMode: "decimal" },
  Redeem: RedeemMoney,
  // The money left, from the balance, when the answer does not say it.
  afterRedeem: (merged, answer) =>
    answer.cashback_balance !== undefined || !merged.currency
      ? merged
      : { ...merged, cashback_balance: fromMinor(merged.stamps, merged.currency) },
  earnSummary: (reward, t, format) => {
    const tiers = reward.tiers.map((tier) =>
      t("tier", { percent: tier.percent, amount: moneyShort(format, tier.from_amount, reward.currency) }),
    );
    return [t("back", { percent: reward.cashback_percent ?? "0" }), ...tiers].join(t("separator"));
  },
  directoryBalance: (row) => row.balance_text,
  changeText: (e) => `${e.delta_text} → ${e.balance_text}`,
  scanBalance: (s) => s.balance_after_text,
  cardBalance: (card) => card.balance_text,
  boosted: true,
  multiplies: true,
  amountText: (amount, currency, words) =>
    currency ? formatMoney(amount, currency, words.locale) : hundredthsText(amount),
  bonusText: (bonus, currency, words) => {
    const minor = currency ? toMinor(String(bonus), currency) : null;
    return currency && minor !== null
      ? formatMoney(minor, currency, words.locale)
      : `${bonus} ${currency ?? ""}`.trim();
  },
};
