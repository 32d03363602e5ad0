import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { CardIntlProvider } from "@/components/wallet/card-intl-provider";
import { CardPreferencesForm } from "@/components/wallet/card-preferences-form";
import { calls } from "@/contract/calls";
import { cardTranslator, langAttributes } from "@/lib/card-intl";
import { requestCardLocale } from "@/lib/server/card-intl";
import { callApi } from "@/lib/server/call-api";
import { APP_NAME } from "@/lib/site";
import "../../add-to-wallet/wallet.css";

export const metadata: Metadata = { title: "Your messages", robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * A card's message choices, opened from a mail's link (`token`, no sign-in) or the card page. A
 * mail's unsubscribe link lands here too (`unsubscribe=1`): a GET never unsubscribes, the button does.
 */
export default async function CardPreferencesPage({ searchParams }: Props) {
  const [params, requestHeaders, locale] = await Promise.all([searchParams, headers(), requestCardLocale()]);
  const t = cardTranslator(locale);
  const token = typeof params.token === "string" ? params.token.slice(0, 200) : "";
  const answer = token
    ? await callApi(calls.cardPreferences, { query: { token } }, { locale, request: requestHeaders })
    : null;
  const prefs = answer?.status === 200 ? answer.envelope?.data : null;
  return (
    <CardIntlProvider locale={locale}>
      <div className="wallet-shell" {...langAttributes(locale)}>
        <main className="wallet-main" id="main">
          {prefs ? (
            <CardPreferencesForm token={token} initial={prefs} unsubscribe={params.unsubscribe === "1"} />
          ) : (
            <section className="wallet-friendly">
              <h1>{t("prefsTitle", { business: APP_NAME })}</h1>
              <p>{t("prefsInvalid")}</p>
            </section>
          )}
        </main>
        <footer className="wallet-footer small muted">
          {t("footer", { appName: APP_NAME })} · <Link href="/privacy-policy">{t("privacyPolicy")}</Link>
        </footer>
      </div>
    </CardIntlProvider>
  );
}
