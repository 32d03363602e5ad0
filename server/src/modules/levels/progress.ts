import type { LevelProgress } from "../../../../contract/kinds/levels";
import type { Db } from "../../db/client";
import { readCard } from "../loyalty/engine/lock";
import { levelProgress } from "../loyalty/engine/levels";

/**
 * A card's level as its page, its passes and `/v1` answer it: its name, the next one and what is
 * left to it (null when the reward it collects for has no levels). Read as the engine reads the
 * card for a change, so the measure is the one the next earn decides on.
 */
export async function cardLevel(db: Db, cardId: number): Promise<LevelProgress | null> {
  const read = await readCard(db, { id: cardId });
  if (!read) return null;
  return levelProgress(read.reward, read.card.level, read.levelMeasure ?? 0, read.currency);
}
