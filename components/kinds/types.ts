// What a programme kind's web face provides: the registry (index.ts) holds one per kind.
import type { ChangeEvent, ComponentType, ReactNode } from "react";
import type { CardSummary, CardEvent } from "@/contract/cards";
import type { CustomerRow } from "@/contract/customers";
import type { z } from "zod";
import type { useFormatter, useTranslations } from "next-intl";
import type { addRewardBody, AddRewardBody, Reward, RewardKind } from "@/contract/rewards";
import type { ProgrammeWords } from "@/contract/programme";
import type { ScanResult } from "@/contract/wallet";

/** A form field as useContractForm hands it out. */
export type KindField = (name: string) => {
  name: string;
  value: string;
  error?: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;
};

/** The reward summary's words (dashboardMore.rewardSummary). */
export type SummaryWords = ReturnType<typeof useTranslations<"dashboardMore.rewardSummary">>;

export type TierRow = { key: number; from_amount: string; percent: string };

export type RewardFieldsProps = {
  field: KindField;
  tiers: TierRow[];
  onTiers: (rows: TierRow[]) => void;
  errors: Record<string, string>;
  /** The saved reward of this kind being edited: its expiry field previews a change. */
  rewardId?: number;
};

/** A kind's redeem at the scanner: the scanned card, and how to send what the staff chose. */
export type RedeemProps = {
  result: ScanResult;
  busy: boolean;
  pendingOption: number | undefined;
  onRedeem: (body: { option_id: number } | { amount: string }) => void;
  /** The id of the redeem's error message, when there is one. */
  errorId: string | null;
};

/** The card page's face for the card: the stamp grid, or the balance in its own terms. */
export type CardFace = "grid" | "balance";

/** The dashboard figures a kind brings (dashboard-details keys). */
export type KindFigure = "points_issued" | "points_redeemed" | "cashback_owed";

export interface WebKind {
  /** A happy hour or level may multiply this kind's earn (stamps: only a bonus adds to it). */
  multiplies: boolean;
  /** A happy hour may add to this kind's earn at all (prepaid visits are used, never earned). */
  boosted: boolean;
  kind: RewardKind;
  /** Its words: the `kinds` messages' subtree of this kind (the same keys in every kind). */
  ns: `kinds.${RewardKind}`;
  /** Its dashboard figures. */
  figures: KindFigure[];
  /** How the card page draws the card. */
  face: CardFace;
  /** Whether unspent balances lapse (the reward form's expiry field, the reward row's note). */
  lapses: boolean;
  /** Whether the reward has a catalogue of options to redeem (edited below the reward form). */
  hasCatalogue: boolean;
  /** Whether a ready reward is redeemed by scanning again (the scanner's "reward ready" note). */
  redeemsByScan: boolean;
  /** The reward form: its fields, their values from a saved reward (or the defaults), and its body. */
  RewardFields: ComponentType<RewardFieldsProps>;
  formValues(reward?: Reward): Record<string, string>;
  rewardBody(
    values: z.output<typeof addRewardBody>,
    checkedTiers: () => AddRewardBody["tiers"],
  ): Partial<AddRewardBody>;
  /** What the reward earns in a few words ("10 stamps", "1 pt per €1 + 5 per visit", "5 % back"). */
  earnSummary(reward: Reward, t: SummaryWords, format: ReturnType<typeof useFormatter>): string;
  /** What a referral bonus field takes (whole numbers, or money in the business's currency). */
  bonusInput: { type?: "number"; inputMode: "numeric" | "decimal"; min?: number; max?: number };
  /** The scanner's redeem after a scan (points: the options; cashback: money off), or none. */
  Redeem: ComponentType<RedeemProps> | null;
  /** A scan result after a redeem (`merged`): the cashback left when the answer does not say it. */
  afterRedeem(merged: ScanResult, answer: Partial<ScanResult>): ScanResult;
  /** The directory's balance cell: "7 / 10", or the API's text ("340 points — 60 to Free lunch"). */
  directoryBalance(row: Pick<CustomerRow, "stamps" | "stamps_required" | "balance_text">): string;
  /** A card history entry's change ("+1 → 3", "+12 points → 52 points"). */
  changeText(e: Pick<CardEvent, "delta" | "stamps_after" | "delta_text" | "balance_text">): string;
  /** The scan list's balance cell. */
  scanBalance(s: { stamps_after: number; balance_after_text: string }): ReactNode;
  /** The card detail's balance (stamps: "3 of 10" from the card's own words). */
  cardBalance(
    card: Pick<CardSummary, "stamps" | "stamps_required" | "balance_text">,
    of: (s: number, r: number) => string,
  ): string;
  /** A referral bonus in the kind's unit: "2 stamps", "10 points", "€2.50" (cashback: a decimal string). */
  bonusText(bonus: number | string, currency: string | null, words: ProgrammeWords): string;
  /** An amount in the kind's unit as the server counts it (cashback: minor units): "12 points", "£3.40". */
  amountText(amount: number, currency: string, words: ProgrammeWords): string;
}
