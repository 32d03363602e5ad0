import type { PromotionToday } from "@/contract/promotions";
import type { CardTranslator, kindTranslator } from "@/lib/card-intl";
import { happyHourText } from "./happy-hour-text";

/** What runs today on the card's programme, in the kind's words; nothing when no happy hour runs today. */
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
  return (
    <section className="wallet-happy-hours" aria-labelledby="happy-hours-title">
      <h2 id="happy-hours-title">{t("happyHoursTitle")}</h2>
      <ul>
        {promotions.map((p) => (
          <li key={`${p.start_time}-${p.end_time}-${p.multiplier}-${p.bonus}`}>{happyHourText(p, t, kt)}</li>
        ))}
      </ul>
    </section>
  );
}
