import { Brand } from "@/components/ui/brand";
import type { ReactNode } from "react";
import { Toaster } from "@/components/ui/toaster";
import { TranslateWidget } from "@/components/translate/translate-widget";
import { CopyrightYear } from "@/components/ui/copyright-year";
import { APP_NAME } from "@/lib/site";

export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    // No React Query here: the auth forms call the API directly; only their toasts need a host.
    <>
      <div className="auth-shell">
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <header className="auth-header row-between">
          <Brand />
          <TranslateWidget />
        </header>
        <main className="auth-main" id="main" tabIndex={-1}>
          {children}
        </main>
        <footer className="auth-footer">
          © <CopyrightYear /> {APP_NAME}
        </footer>
      </div>
      <Toaster />
    </>
  );
}
