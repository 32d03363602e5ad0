"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useState, type ReactNode } from "react";
import { logout, useProfile } from "@/lib/queries/user";
import { APP_NAME } from "@/lib/site";
import { Button } from "@/components/ui/button";

/** Wide screens (spec.md §9: over 1000 px) open the menu by themselves. */
const WIDE = "(min-width: 1001px)";

const OWNER_LINKS = [
  { href: "/dashboard/main", label: "Dashboard" },
  { href: "/dashboard/profile", label: "Profile" },
  { href: "/subscription", label: "Subscription Plan" },
];

export function AppShell({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  const profile = useProfile();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const query = window.matchMedia(WIDE);
    setOpen(query.matches);
    const onChange = (event: MediaQueryListEvent) => setOpen(event.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);

  // On a narrow screen, following a link closes the menu.
  useEffect(() => {
    if (!window.matchMedia(WIDE).matches) setOpen(false);
  }, [pathname]);

  const onLogout = async () => {
    setBusy(true);
    await logout();
  };

  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="app-topbar">
        <div style={{ display: "flex", alignItems: "center", gap: "0.75rem" }}>
          <Button
            variant="secondary"
            aria-expanded={open}
            aria-controls="app-nav"
            onClick={() => setOpen((o) => !o)}
          >
            <span aria-hidden="true">☰</span>
            <span className="visually-hidden">Menu</span>
          </Button>
          <Link href="/dashboard/main" className="brand">
            <span className="brand-mark" aria-hidden="true">
              ★
            </span>
            {APP_NAME}
          </Link>
        </div>
        <div style={{ display: "flex", alignItems: "center", gap: "0.75rem" }}>
          {profile.data && <span className="muted">{profile.data.name}</span>}
          <Button variant="secondary" busy={busy} onClick={onLogout}>
            LOG OUT
          </Button>
        </div>
      </header>
      <div className="app-body">
        <nav id="app-nav" className="app-nav" aria-label="Dashboard" hidden={!open}>
          <ul>
            {OWNER_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href} aria-current={pathname === link.href ? "page" : undefined}>
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <button type="button" onClick={onLogout}>
                Logout
              </button>
            </li>
          </ul>
        </nav>
        <main id="main" className="app-content">
          {children}
        </main>
      </div>
    </div>
  );
}
