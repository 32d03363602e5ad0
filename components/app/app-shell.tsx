"use client";

import { TranslateWidget } from "@/components/translate/translate-widget";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Brand } from "@/components/ui/brand";
import { usePathname } from "next/navigation";
import { useEffect, useState, useSyncExternalStore, type ReactNode } from "react";
import { logout, useProfile, useUpdateProfile } from "@/lib/browser/queries/user";
import { LanguageSelect } from "@/components/ui/language-picker";
import { useUnreadCount } from "@/lib/browser/queries/notifications";
import { Button } from "@/components/ui/button";
import { menuFor } from "./dashboard-menu";
import { StoreBadges, type StoreLinks } from "./store-badges";
import { SkipLink } from "@/components/ui/skip-link";
import type { Locale } from "@/contract/locales";

/** Wide screens (over 1000 px) open the menu by themselves. */
const WIDE = "(min-width: 1001px)";

function subscribeWide(onChange: () => void) {
  const query = window.matchMedia(WIDE);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}
const isWide = () => window.matchMedia(WIDE).matches;
const NOTIFICATIONS = "/dashboard/notifications";

export function AppShell({ children, stores }: { children: ReactNode; stores: StoreLinks }) {
  const t = useTranslations("common");
  const pathname = usePathname();
  const profile = useProfile();
  const wide = useSyncExternalStore(subscribeWide, isWide, () => false);
  // Wide: open unless the user closed it. Narrow: open only on the page where it was opened,
  // so following a link closes it.
  const [wideClosed, setWideClosed] = useState(false);
  const [narrowOpenOn, setNarrowOpenOn] = useState<string | null>(null);
  const open = wide ? !wideClosed : narrowOpenOn === pathname;
  const toggle = () =>
    wide ? setWideClosed((closed) => !closed) : setNarrowOpenOn((on) => (on === pathname ? null : pathname));
  const [busy, setBusy] = useState(false);
  const unread = useUnreadCount(profile.data?.role === "owner").data ?? 0;
  const updateProfile = useUpdateProfile();
  // The choice is saved to the profile, so it follows the user to every browser they sign in on.
  // A choice made before the profile has loaded waits for it (else it would stay in this browser only).
  const saveLocale = async (locale: Locale) => {
    const current = profile.data ?? (await profile.refetch()).data;
    if (current) await updateProfile.mutateAsync({ name: current.name, phone_number: current.phone_number, locale });
  };

  // Escape closes the menu where it covers the page.
  useEffect(() => {
    if (!open || wide) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setNarrowOpenOn(null);
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, wide]);

  const onLogout = async () => {
    setBusy(true);
    await logout();
  };

  return (
    <div className="app-shell">
      <SkipLink />
      <header className="app-topbar">
        <div style={{ display: "flex", alignItems: "center", gap: "0.75rem" }}>
          <Button
            variant="secondary"
            aria-expanded={open}
            aria-controls="app-nav"
            onClick={toggle}
            style={{ position: "relative" }}
          >
            <span aria-hidden="true">☰</span>
            <span className="visually-hidden">{t("shell.menu")}</span>
            {/* The unread count rides on the menu button's corner: there at every width, taking no room. */}
            {unread > 0 && (
              <span
                className="badge"
                style={{
                  position: "absolute",
                  top: "-0.45rem",
                  insetInlineEnd: "-0.55rem",
                  padding: "0 0.4rem",
                  fontSize: "0.75rem",
                  background: "var(--primary)",
                  color: "#fff",
                }}
              >
                {unread}
                <span className="visually-hidden"> {t("shell.unreadNotifications", { count: unread })}</span>
              </span>
            )}
          </Button>
          <Brand href="/dashboard/main" />
        </div>
        <div style={{ display: "flex", alignItems: "center", gap: "0.75rem" }}>
          {profile.data && (
            <span className="muted topbar-user" data-user-content="">
              {profile.data.name}
            </span>
          )}
          <Button variant="secondary" busy={busy} onClick={onLogout}>
            {t("shell.logOutButton")}
          </Button>
        </div>
      </header>
      <div className="app-body">
        <nav id="app-nav" className="app-nav" aria-label={t("shell.navLabel")} hidden={!open}>
          <ul>
            {menuFor(profile.data?.role).map((link) => (
              <li key={link.href}>
                <Link href={link.href} aria-current={pathname === link.href ? "page" : undefined}>
                  {t(`menu.${link.label}`)}
                  {link.href === NOTIFICATIONS && unread > 0 && " "}
                  {link.href === NOTIFICATIONS && unread > 0 && (
                    <span className="badge badge-info" style={{ marginInlineStart: "0.4rem" }}>
                      {unread}
                      <span className="visually-hidden"> {t("shell.unread")}</span>
                    </span>
                  )}
                </Link>
              </li>
            ))}
            <li>
              <button type="button" onClick={onLogout}>
                {t("shell.logout")}
              </button>
            </li>
          </ul>
          <div className="nav-extras">
            <LanguageSelect onChosen={saveLocale} />
            <TranslateWidget />
            <StoreBadges links={stores} />
          </div>
        </nav>
        <main id="main" className="app-content" tabIndex={-1}>
          {profile.data?.role === "owner" &&
            profile.data.status_payment === "0" &&
            !["/subscription", "/payment", "/thank-you"].includes(pathname) && (
              <p className="renew-banner" role="status">
                {t.rich("shell.planInactive", {
                  strong: (chunks) => <strong>{chunks}</strong>,
                  link: (chunks) => <Link href="/subscription">{chunks}</Link>,
                })}
              </p>
            )}
          {children}
        </main>
      </div>
    </div>
  );
}
