import { eq } from "drizzle-orm";
import { balanceText, type ProgrammeTerms, type ProgrammeWords } from "../../../../../contract/programme";
import type { RewardKind } from "../../../../../contract/rewards";
import type { Db } from "../../../db/client";
import { businesses } from "../../../db/schema";
import { kindOf } from "../../../../../contract/kinds";
import { optionsByReward, programmeTerms } from "../engine/programme-terms";
import type { RewardRow } from "../engine/rules";

type Option = { id: number; title: string; points: number };

/** A card's programme as one card shows it: the terms of its text, and (points) the options with their ids. */
export type CardTerms = Omit<ProgrammeTerms, "options"> & { options: Option[] };

/**
 * The terms of the reward a card collects for: its kind, its business's currency (points and
 * cashback) and its active options (points). A stamp programme reads nothing more.
 */
export async function cardTerms(db: Db, businessId: number, reward: RewardRow | null): Promise<CardTerms> {
  const kind = reward && kindOf(reward.kind);
  if (!reward || !kind?.needsCurrency) return { ...programmeTerms(reward, null), options: [] };
  const [[business], options] = await Promise.all([
    db.select({ currency: businesses.currency }).from(businesses).where(eq(businesses.id, businessId)).limit(1),
    kind.hasOptions ? optionsByReward(db, [reward.id]) : new Map<number, Option[]>(),
  ]);
  const list = options.get(reward.id) ?? [];
  return { ...programmeTerms(reward, business?.currency ?? null, list), options: list };
}

/** What a card's balance shows, in its programme's terms and `words`' language: the text and what it affords now. */
export function cardBalance(terms: CardTerms, balance: number, words: ProgrammeWords) {
  const affordable: Option[] = terms.options.filter((o) => o.points <= balance);
  return {
    kind: terms.kind satisfies RewardKind,
    balance_text: balanceText(terms, balance, words),
    options: affordable,
    /** Stamps: the reward is due; points: an option is affordable; cashback money is never "ready". */
    reward_ready: kindOf(terms.kind).ready(balance, terms),
  };
}

/** What the scanner's answer shows of a programme besides the card: the currency, a points catalogue. */
export type ScanTerms = { currency: string | null; options: { id: number; title: string; points: number }[] };

/** The terms of the reward a card collects for: a points programme's active options, cheapest first. */
export async function scanTerms(db: Db, reward: Pick<RewardRow, "id" | "kind"> | null, currency: string | null) {
  const options =
    reward && kindOf(reward.kind).hasOptions ? ((await optionsByReward(db, [reward.id])).get(reward.id) ?? []) : [];
  return { currency, options };
}
