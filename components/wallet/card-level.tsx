import { createTranslator } from "next-intl";
import type { LevelProgress } from "@/contract/kinds/levels";
import { DEFAULT_LOCALE } from "@/contract/locales";
import type { CardLocale } from "@/lib/card-intl";
import { PSEUDO_LOCALE } from "@/lib/i18n/pseudo";
import ar from "@/messages/ar/levels.json";
import de from "@/messages/de/levels.json";
import en from "@/messages/en/levels.json";
import es from "@/messages/es/levels.json";
import fr from "@/messages/fr/levels.json";
import ptBR from "@/messages/pt-BR/levels.json";

const MESSAGES = { en, es, fr, de, "pt-BR": ptBR, ar };

/**
 * The card's level and the way to the next ("Silver · 275 points to Gold": the server's words, in
 * the programme's unit and the card's language); nothing where the programme has no levels.
 */
export function CardLevel({
  level,
  text,
  locale = "en",
}: {
  level: LevelProgress | null | undefined;
  text: string | null | undefined;
  locale?: CardLocale;
}) {
  if (!level) return null;
  const lang = locale === PSEUDO_LOCALE ? DEFAULT_LOCALE : locale;
  const t = createTranslator({ locale: lang, messages: { levels: MESSAGES[lang] }, namespace: "levels" });
  return (
    <section className="wallet-messages" aria-labelledby="level-title">
      <h2 id="level-title">{t("title")}</h2>
      <p>
        <strong>{level.name ? t("reached", { level: level.name }) : t("none")}</strong>
      </p>
      {level.next ? text && <p className="small">{text}</p> : <p className="small muted">{t("top")}</p>}
    </section>
  );
}
