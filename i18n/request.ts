import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { isLocale, localeFromAcceptLanguage, type Locale } from "@/lib/contract/locales";
import { LOCALE_COOKIE } from "@/lib/i18n/locale-cookie";
import { loadMessages } from "@/lib/i18n/messages";
import { formats, timeZone } from "@/lib/i18n/formats";

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
  return { locale: resolved, messages: await loadMessages(resolved), formats, timeZone };
});
