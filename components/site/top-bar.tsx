import { useLocale, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { SiteLanguageLinks } from "@/components/ui/site-language-links";
import { isLocale } from "@/contract/locales";
import { localizedPath } from "@/lib/i18n/paths";
import { APP_NAME } from "@/lib/site";
import { SECTIONS } from "./nav-links";

/** The public site's top bar: the logo from the home data, the section links and the session button. */
export function TopBar({ logo, button }: { logo: string | null; button: ReactNode }) {
  const t = useTranslations("site");
  const common = useTranslations("common");
  const locale = useLocale();
  const home = localizedPath(isLocale(locale) ? locale : "en", "/");
  return (
    <header className="site-topbar">
      <div className="site-topbar-inner">
        {/* Plain links throughout the public pages: next/link would add the client router's link code. */}
        <a href={`${home}#home`} className="brand" aria-label={t("brandHome", { app: APP_NAME })}>
          {logo ? (
            // A plain img: next/image would add client JavaScript to every public page for one logo.
            // Low priority: a 32-px logo is not worth a preload ahead of the page's own text.
            // eslint-disable-next-line @next/next/no-img-element
            <img src={logo} alt="" width={32} height={32} className="site-logo" fetchPriority="low" />
          ) : (
            <span className="brand-mark" aria-hidden="true">
              ★
            </span>
          )}
          <span>{APP_NAME}</span>
        </a>
        <nav aria-label={t("nav.main")} className="site-nav">
          <ul>
            {SECTIONS.map((section) => (
              <li key={section.id}>
                <a href={`${home}#${section.id}`}>{t(`nav.${section.label}`)}</a>
              </li>
            ))}
          </ul>
        </nav>
        <SiteLanguageLinks
          current={locale}
          words={{ picker: common("languagePicker"), language: common("language") }}
        />
        {button}
      </div>
    </header>
  );
}
