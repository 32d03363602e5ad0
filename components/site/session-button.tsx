import { useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";
import { homeFor } from "@/lib/routes";
import { readRequestSession } from "@/lib/server/session";

/**
 * "Dashboard" for a signed-in visitor, "Login Your Account" otherwise, decided on the server from
 * the session cookie. It is the only part of a public page that depends on the request: it streams
 * into the prerendered page within the same response (see SiteChrome), so there is no flash.
 */
export async function SessionButton() {
  const session = await readRequestSession();
  const t = await getTranslations("site");
  return session?.token ? (
    <a href={homeFor(session.statusPayment, session.role)} className="btn btn-primary topbar-cta">
      {t("dashboard")}
    </a>
  ) : (
    <LoginButton />
  );
}

export function LoginButton() {
  const t = useTranslations("site");
  return (
    <a href="/login" className="btn btn-primary topbar-cta">
      {t("login")}
    </a>
  );
}

/**
 * Holds the button's place while it streams in. Without JavaScript the streamed button cannot be
 * moved into place, so the login link shows instead (a signed-in visitor is sent on from there).
 */
export function SessionButtonFallback() {
  const t = useTranslations("site");
  return (
    <span className="topbar-cta-slot">
      <noscript>
        <a href="/login" className="btn btn-primary topbar-cta">
          {t("login")}
        </a>
      </noscript>
    </span>
  );
}
