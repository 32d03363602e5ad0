import { LOCALE_COOKIE } from "@/lib/i18n/locale-cookie";
import "server-only";
import { cookies, headers } from "next/headers";
import { cardLocale, type CardLocale } from "../card-intl";

/**
 * The customer's language from the request (NEXT_LOCALE, else Accept-Language), for what renders
 * before the business is known. Server only: lib/card-intl.ts also reaches the counter screen's
 * client bundle.
 */
export async function requestCardLocale(): Promise<CardLocale> {
  const [cookieStore, requestHeaders] = await Promise.all([cookies(), headers()]);
  return cardLocale(null, cookieStore.get(LOCALE_COOKIE)?.value, requestHeaders.get("accept-language"));
}
