import dynamic from "next/dynamic";
import { FieldsLoading } from "../fields-loading";
import { MAX_REFERRAL_BONUS } from "@/contract/kinds/numbers";
import { numeric } from "../numeric";
import type { WebKind } from "../types";
import { face } from "./face";

/** The reward form's fields: their code (and the form's schemas) loads with the form, not with every page that asks the kind. */
const StampFields = dynamic(() => import("./fields").then((m) => m.StampFields), { loading: FieldsLoading });

/** A stamp card: N stamps for the reward, one per visit; the grid on the card page. */
export const stamps: WebKind = {
  kind: "stamps",
  ns: "kinds.stamps",
  figures: [],
  face,
  lapses: true,
  hasCatalogue: false,
  redeemsByScan: true,
  RewardFields: StampFields,
  formValues: (reward) => ({
    stamps_required: reward ? String(reward.stamps_required) : "10",
    cost: reward?.cost ?? "",
  }),
  rewardBody: (values) => ({ stamps_required: values.stamps_required, cost: values.cost }),
  bonusInput: { ...numeric, min: 0, max: MAX_REFERRAL_BONUS },
  Redeem: null,
  afterRedeem: (merged) => merged,
  earnSummary: (reward, t) => t("stamps", { count: reward.stamps_required }),
  directoryBalance: (row) =>
    row.stamps_required === null ? String(row.stamps) : `${row.stamps} / ${row.stamps_required}`,
  changeText: (e) => `${e.delta > 0 ? "+" : ""}${e.delta} → ${e.stamps_after}`,
  scanBalance: (s) => s.stamps_after,
  cardBalance: (card, of) =>
    card.stamps_required !== null ? of(card.stamps, card.stamps_required) : String(card.stamps),
  boosted: true,
  multiplies: false,
  amountText: (amount, _currency, words) => words.stamps(amount),
  bonusText: (bonus, _currency, words) => words.stamps(Number(bonus)),
};
