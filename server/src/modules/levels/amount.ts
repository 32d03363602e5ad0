import { kindOf } from "../../../../contract/kinds";
import type { LevelProgress } from "../../../../contract/kinds/levels";
import { formatMoney, toMinor } from "../../../../contract/money";
import type { rewards } from "../../db/schema";
import type { Translate } from "../../i18n";
import { programmeWords } from "../../i18n/programme-words";

/**
 * What is left to a level, in the programme's words: "150 points", "3 stamps", "3 visits",
 * "€40.00". `basis` is the reward's; the kind words its own balance.
 */
export function levelAmountText(
  progress: Pick<LevelProgress, "to_next">,
  reward: { kind: (typeof rewards.$inferSelect)["kind"]; levelBasis: string; stampsRequired: number },
  currency: string | null,
  t: Translate,
): string {
  const words = programmeWords(t);
  const left = progress.to_next ?? 0;
  if (typeof left === "string")
    return currency ? formatMoney(toMinor(left, currency) ?? 0, currency, words.locale) : left;
  if (reward.levelBasis === "visits") return words.visits(left);
  const terms = { kind: reward.kind, stampsRequired: reward.stampsRequired, currency };
  return kindOf(reward.kind).balanceAmount(terms, left, words);
}
