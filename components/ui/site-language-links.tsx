"use client";

import { usePathname } from "next/navigation";
import { isLocale, LOCALE_NAMES, LOCALES } from "@/contract/locales";
import { localizedPath, splitLocalePath } from "@/lib/i18n/paths";
import { rememberLocale } from "./remember-locale";

/**
 * The public site's language menu: plain links to the same page under each language's prefix
 * (they work without JavaScript, and search engines follow them); a click also keeps the choice
 * in the cookie, so the login page and the dashboard follow.
 */
export function SiteLanguageLinks({
  current,
  words,
}: {
  current: string;
  /** common.languagePicker and common.language, given by the server (no message formatting here). */
  words: { picker: string; language: string };
}) {
  // The prerendered page's own name may carry the build's `/en` and the session variant's segment.
  const { path } = splitLocalePath(usePathname().replace(/\/session-view(?=\/|$)/, ""));
  return (
    <details className="language-picker">
      <summary>
        <span className="visually-hidden">{words.picker}: </span>
        {isLocale(current) ? LOCALE_NAMES[current] : words.language}
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
