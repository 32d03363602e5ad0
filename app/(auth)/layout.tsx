import { Brand } from "@/components/ui/brand";
import type { ReactNode } from "react";
import { LazyToaster } from "@/components/ui/lazy-toaster";
import { TranslateWidget } from "@/components/translate/translate-widget";
import { CopyrightYear } from "@/components/ui/copyright-year";
import { APP_NAME } from "@/lib/site";
import { RequestRootLayout } from "@/app/request-root-layout";
import { rootMetadata, rootViewport } from "@/app/root-document";
import { SkipLink } from "@/components/ui/skip-link";
import { LanguageSelect } from "@/components/ui/language-picker";

export const metadata = rootMetadata;
export const viewport = rootViewport;

/** Rendered per request, in the visitor's language (cookie, else the browser's). */
export const instant = false;

export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    // No React Query here: the auth forms call the API directly; only their toasts need a host.
    <RequestRootLayout clientMessages={["common", "auth"]}>
      <div className="auth-shell">
        <SkipLink />
        <header className="auth-header row-between">
          <Brand />
          <div className="row-gap">
            <LanguageSelect />
            <TranslateWidget />
          </div>
        </header>
        <main className="auth-main" id="main" tabIndex={-1}>
          {children}
        </main>
        <footer className="auth-footer">
          © <CopyrightYear /> {APP_NAME}
        </footer>
      </div>
      <LazyToaster />
    </RequestRootLayout>
  );
}
