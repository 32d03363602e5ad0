"use client";

import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from "@/contract/locales";
import { rememberLocale } from "./remember-locale";

/**
 * The language select of pages rendered per request (auth pages, dashboard): the cookie, then a
 * refresh renders the page again in the new language. `onChosen` lets the dashboard save it to
 * the owner's profile first, so it follows them to other browsers.
 */
export function LanguageSelect({ onChosen }: { onChosen?: (locale: Locale) => Promise<unknown> }) {
  const t = useTranslations("common");
  const current = useLocale();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const choose = async (value: string) => {
    if (!isLocale(value)) return;
    setBusy(true);
    try {
      await onChosen?.(value);
    } catch {
      // The profile could not be saved: the choice still holds in this browser.
    }
    rememberLocale(value);
    router.refresh();
    setBusy(false);
  };
  return (
    <label className="language-select">
      <span className="visually-hidden">{t("languagePicker")}</span>
      <select value={current} disabled={busy} onChange={(event) => void choose(event.target.value)}>
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </label>
  );
}
