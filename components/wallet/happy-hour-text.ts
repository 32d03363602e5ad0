import type { PromotionToday } from "@/contract/promotions";
import type { CardTranslator, kindTranslator } from "@/lib/card-intl";

/** A happy hour in the kind's words and the card's language: "2× points, 16:00–18:00". */
export function happyHourText(p: PromotionToday, t: CardTranslator, kt: ReturnType<typeof kindTranslator>) {
  const times = p.multiplier ? kt("happyHourTimes", { multiplier: p.multiplier }) : null;
  const bonus = p.bonus ? kt("happyHourBonus", { bonus: p.bonus }) : null;
  const what = times && bonus ? t("happyHourBoth", { first: times, second: bonus }) : (times ?? bonus ?? "");
  return t("happyHourLine", { what, start: p.start_time, end: p.end_time });
}
