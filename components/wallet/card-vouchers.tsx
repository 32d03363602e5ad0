import { createTranslator } from "next-intl";
import type { CardVoucher } from "@/contract/offers";
import { DEFAULT_LOCALE } from "@/contract/locales";
import type { CardLocale } from "@/lib/card-intl";
import { PSEUDO_LOCALE } from "@/lib/i18n/pseudo";
import ar from "@/messages/ar/vouchers.json";
import de from "@/messages/de/vouchers.json";
import en from "@/messages/en/vouchers.json";
import es from "@/messages/es/vouchers.json";
import fr from "@/messages/fr/vouchers.json";
import ptBR from "@/messages/pt-BR/vouchers.json";
import { LocalTime } from "./local-time";

const MESSAGES = { en, es, fr, de, "pt-BR": ptBR, ar };

/** The card's unused vouchers, soonest to expire first, each with the code staff type or scan. */
export function CardVouchers({ vouchers, locale = "en" }: { vouchers: CardVoucher[]; locale?: CardLocale }) {
  if (vouchers.length === 0) return null;
  const lang = locale === PSEUDO_LOCALE ? DEFAULT_LOCALE : locale;
  const t = createTranslator({ locale: lang, messages: { vouchers: MESSAGES[lang] }, namespace: "vouchers" });
  return (
    <section className="wallet-messages" aria-labelledby="vouchers-title">
      <h2 id="vouchers-title">{t("title")}</h2>
      <ul>
        {vouchers.map((v) => (
          <li key={v.code}>
            <h3>{v.title}</h3>
            <p>
              {t("code")}: <strong className="mono">{v.code}</strong>
            </p>
            <p className="small muted">
              {t("validUntil")} <LocalTime iso={v.expires_at} locale={lang} />
            </p>
          </li>
        ))}
      </ul>
      <p className="small muted">{t("show")}</p>
    </section>
  );
}
