import { LOCALE_COOKIE } from "@/lib/i18n/locale-cookie";
import type { Metadata } from "next";
import { cookies, headers } from "next/headers";
import { Providers } from "@/app/providers";
import { AcceptInvite } from "@/components/staff/accept-invite";
import { CardIntlProvider } from "@/components/wallet/card-intl-provider";
import { cardLocale, cardTranslator, langAttributes } from "@/lib/card-intl";
import { requestCardLocale } from "@/lib/server/card-intl";
import { APP_NAME } from "@/lib/site";

export async function generateMetadata(): Promise<Metadata> {
  return { title: cardTranslator(await requestCardLocale())("inviteMetaTitle"), robots: { index: false } };
}

/** Rendered per invite link (its token decides the page), never prerendered. */
export const instant = false;

type Props = { params: Promise<{ token: string }> };

/** The staff invite page: no top navigation bar. */
export default async function AddUserPage({ params }: Props) {
  const [{ token }, cookieStore, requestHeaders] = await Promise.all([params, cookies(), headers()]);
  // The invited person's language: their browser's (they have no profile yet).
  const locale = cardLocale(null, cookieStore.get(LOCALE_COOKIE)?.value, requestHeaders.get("accept-language"));
  return (
    <Providers>
      <CardIntlProvider locale={locale}>
        <div className="auth-shell" {...langAttributes(locale)}>
          <main className="auth-main" id="main">
            <AcceptInvite token={token} />
          </main>
          <footer className="auth-footer">
            © {new Date().getFullYear()} {APP_NAME}
          </footer>
        </div>
      </CardIntlProvider>
    </Providers>
  );
}
