import type { LevelProgress } from "../../../../contract/kinds/levels";
import type { Db } from "../../db/client";
import type { Translate } from "../../i18n";
import { readCard } from "../loyalty/engine/lock";
import { levelProgress } from "../loyalty/engine/levels";
import { levelAmountText } from "./amount";

/** A card's level with what its words need: the reward's kind and basis, and the currency. */
export type CardLevelView = {
  progress: LevelProgress;
  reward: Parameters<typeof levelAmountText>[1];
  currency: string | null;
};

/**
 * A card's level as its page, its passes and `/v1` show it (null when the reward it collects for
 * has no levels). Read as the engine reads the card for a change, so the measure is the one the
 * next earn decides on.
 */
export async function cardLevelView(db: Db, cardId: number): Promise<CardLevelView | null> {
  const read = await readCard(db, { id: cardId });
  if (!read?.reward) return null;
  const progress = levelProgress(read.reward, read.card.level, read.levelMeasure ?? 0, read.currency);
  return progress && { progress, reward: read.reward, currency: read.currency };
}

/** The card's level, the next one and what is left to it: `{name, next, to_next}`, or null. */
export const cardLevel = async (db: Db, cardId: number): Promise<LevelProgress | null> =>
  (await cardLevelView(db, cardId))?.progress ?? null;

/** "Silver · 275 points to Gold", "100 points to Silver", "Gold", in the programme's words. */
export function levelText(view: CardLevelView, t: Translate): string {
  const { name, next } = view.progress;
  if (!next) return name ?? "";
  const amount = levelAmountText(view.progress, view.reward, view.currency, t);
  return name ? t("pass.levelAt", { level: name, amount, next }) : t("pass.levelTo", { amount, next });
}
