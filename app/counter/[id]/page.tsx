import { LOCALE_COOKIE } from "@/lib/i18n/locale-cookie";
import type { Metadata, Viewport } from "next";
import { cookies, headers } from "next/headers";
import { connection } from "next/server";
import { CounterScreen } from "@/components/counter/counter-screen";
import { CardIntlProvider } from "@/components/wallet/card-intl-provider";
import { cardLocale, cardTranslator, langAttributes } from "@/lib/card-intl";
import { requestCardLocale } from "@/lib/server/card-intl";
import "./counter.css";

export async function generateMetadata(): Promise<Metadata> {
  return { title: cardTranslator(await requestCardLocale())("counterTitle"), robots: { index: false } };
}
export const viewport: Viewport = { themeColor: "#111827" };

/** Per request: the screen is the signed-in user's (or the tablet's), never prerendered. */
export const instant = false;

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/**
 * A QR code's counter screen: the code full-screen with the business's logo, name
 * and reward; a rotating code changes every 30 s; each stamp through it is confirmed here.
 */
export default async function CounterPage({ params, searchParams }: Props) {
  await connection();
  const [{ id }, search, cookieStore, requestHeaders] = await Promise.all([params, searchParams, cookies(), headers()]);
  // A device link: the tablet claims it once, then its cookie signs it in to this screen.
  const device = typeof search.device === "string" ? search.device : undefined;
  // Until the business's language arrives with the code: the browser's (the screen switches then).
  const locale = cardLocale(null, cookieStore.get(LOCALE_COOKIE)?.value, requestHeaders.get("accept-language"));
  return (
    <CardIntlProvider locale={locale}>
      <div className="counter-lang" {...langAttributes(locale)}>
        <CounterScreen qrId={Number(id)} deviceLink={device} />
      </div>
    </CardIntlProvider>
  );
}
