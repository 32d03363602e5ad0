import dynamic from "next/dynamic";
import { FieldsLoading } from "../fields-loading";
import { MAX_REFERRAL_BONUS } from "@/contract/kinds/numbers";
import { numeric } from "../numeric";
import type { WebKind } from "../types";
import { face } from "./face";

/** The reward form's fields: their code (and the form's schemas) loads with the form, not with every page that asks the kind. */
const MultipassFields = dynamic(() => import("./fields").then((m) => m.MultipassFields), { loading: FieldsLoading });

/** Prepaid visits: sold at the counter, one used per staff scan; the visits left on the card page. */
export const multipass: WebKind = {
  kind: "multipass",
  ns: "kinds.multipass",
  figures: [],
  face,
  // Its own expiry field (after the last sale), not the shared one.
  lapses: true,
  hasCatalogue: false,
  redeemsByScan: false,
  // A visit used is neither multiplied nor added to by a happy hour.
  boosted: false,
  multiplies: false,
  RewardFields: MultipassFields,
  formValues: (reward) => ({ visits_included: String(reward?.visits_included ?? 10) }),
  rewardBody: (values) => ({ visits_included: values.visits_included }),
  bonusInput: { ...numeric, min: 0, max: MAX_REFERRAL_BONUS },
  Redeem: null,
  afterRedeem: (merged) => merged,
  earnSummary: (reward, t) => t("visits", { count: reward.visits_included ?? 0 }),
  directoryBalance: (row) => row.balance_text,
  changeText: (e) => `${e.delta_text} → ${e.balance_text}`,
  scanBalance: (s) => s.balance_after_text,
  cardBalance: (card) => card.balance_text,
  amountText: (amount, _currency, words) => words.visits(amount),
  bonusText: (bonus, _currency, words) => words.visits(Number(bonus)),
};
