import type { PromotionToday } from "@/contract/promotions";
import type { CardTranslator, kindTranslator } from "@/lib/card-intl";

/**
 * What runs today on the card's programme ("2× points, 16:00–18:00"), in the kind's words and the
 * card's language; nothing when no happy hour runs today.
 */
export function HappyHours({
  promotions,
  t,
  kt,
}: {
  promotions: PromotionToday[];
  t: CardTranslator;
  kt: ReturnType<typeof kindTranslator>;
}) {
  if (promotions.length === 0) return null;
  const what = (p: PromotionToday) => {
    const times = p.multiplier ? kt("happyHourTimes", { multiplier: p.multiplier }) : null;
    const bonus = p.bonus ? kt("happyHourBonus", { bonus: p.bonus }) : null;
    return times && bonus ? t("happyHourBoth", { first: times, second: bonus }) : (times ?? bonus ?? "");
  };
  return (
    <section className="wallet-happy-hours" aria-labelledby="happy-hours-title">
      <h2 id="happy-hours-title">{t("happyHoursTitle")}</h2>
      <ul>
        {promotions.map((p) => (
          <li key={`${p.start_time}-${p.end_time}-${p.multiplier}-${p.bonus}`}>
            {t("happyHourLine", { what: what(p), start: p.start_time, end: p.end_time })}
          </li>
        ))}
      </ul>
    </section>
  );
}
