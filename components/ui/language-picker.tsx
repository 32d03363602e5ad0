"use client";

import { useLocale, useTranslations } from "next-intl";
import { usePathname, useRouter } from "next/navigation";
import { useState } from "react";
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from "@/contract/locales";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from "@/lib/i18n/locale-cookie";
import { localizedPath, splitLocalePath } from "@/lib/i18n/paths";

/** The visitor's choice, for every page rendered per request (i18n/request.ts reads it). */
function rememberLocale(locale: Locale) {
  const secure = window.location.protocol === "https:" ? "; secure" : "";
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE}; samesite=lax${secure}`;
}

/**
 * The public site's language menu: plain links to the same page under each language's prefix
 * (they work without JavaScript, and search engines follow them); a click also keeps the choice
 * in the cookie, so the login page and the dashboard follow.
 */
export function SiteLanguageLinks() {
  const t = useTranslations("common");
  const current = useLocale();
  // The prerendered page's own name may carry the build's `/en` and the session variant's segment.
  const { path } = splitLocalePath(usePathname().replace(/\/session-view(?=\/|$)/, ""));
  return (
    <details className="language-picker">
      <summary>
        <span className="visually-hidden">{t("languagePicker")}: </span>
        {isLocale(current) ? LOCALE_NAMES[current] : t("language")}
      </summary>
      <ul>
        {LOCALES.map((locale) => (
          <li key={locale}>
            <a
              href={localizedPath(locale, path || "/")}
              hrefLang={locale}
              lang={locale}
              aria-current={locale === current ? "true" : undefined}
              onClick={() => rememberLocale(locale)}
            >
              {LOCALE_NAMES[locale]}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

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
