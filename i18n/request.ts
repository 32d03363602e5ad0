import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { isLocale, localeFromAcceptLanguage, type Locale } from "@/contract/locales";
import { LOCALE_COOKIE } from "@/lib/i18n/locale-cookie";
import { loadMessages } from "@/lib/i18n/messages";
import { formats, timeZone } from "@/lib/i18n/formats";
import { PSEUDO_LOCALE, pseudoMessages } from "@/lib/i18n/pseudo";

/** The test-only pseudo-locale (lib/i18n/pseudo.ts): only on a web server started with I18N_PSEUDO=1. */
async function wantsPseudo(): Promise<boolean> {
  return process.env.I18N_PSEUDO === "1" && (await cookies()).get(LOCALE_COOKIE)?.value === PSEUDO_LOCALE;
}

/**
 * The locale of a render: the one a page names (the public site's `[locale]` segment, or the
 * card page's business language through `getTranslations({ locale })`), else the visitor's choice
 * (the `NEXT_LOCALE` cookie, kept in step with an owner's profile), else the browser's
 * Accept-Language, else English. Only pages rendered per request get this far.
 */
async function requestedLocale(): Promise<Locale> {
  const chosen = (await cookies()).get(LOCALE_COOKIE)?.value;
  if (isLocale(chosen)) return chosen;
  return localeFromAcceptLanguage((await headers()).get("accept-language"));
}

export default getRequestConfig(async ({ locale, requestLocale }) => {
  const named = locale ?? (await requestLocale);
  const resolved = isLocale(named) ? named : await requestedLocale();
  if (!isLocale(named) && (await wantsPseudo())) {
    return { locale: "en", messages: pseudoMessages(await loadMessages("en")), formats, timeZone };
  }
  return { locale: resolved, messages: await loadMessages(resolved), formats, timeZone };
});
