import { useFormatter, useTranslations } from "next-intl";
import type { Reward } from "@/contract/rewards";
import { webKind } from "@/components/kinds";

export { moneyShort } from "./money-short";

/**
 * A reward's kind as a word, and what it earns in a few words ("10 stamps",
 * "1 pt per €1 + 5 per visit", "5 % back"), in the page's language.
 */
export function useRewardSummary() {
  const t = useTranslations("dashboardMore.rewardSummary");
  const format = useFormatter();
  const kindLabel = (kind: Reward["kind"]) => t(`kind.${kind}`);
  const earnSummary = (reward: Reward): string => webKind(reward.kind).earnSummary(reward, t, format);
  return { kindLabel, earnSummary };
}
