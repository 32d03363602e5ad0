import { Brand } from "@/components/ui/brand";
import type { ReactNode } from "react";
import { Providers } from "@/app/providers";
import { TranslateWidget } from "@/components/translate/translate-widget";
import { CopyrightYear } from "@/components/ui/copyright-year";
import { APP_NAME } from "@/lib/site";

export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <Providers>
      <div className="auth-shell">
        <header className="auth-header row-between">
          <Brand />
          <TranslateWidget />
        </header>
        <main className="auth-main" id="main">
          {children}
        </main>
        <footer className="auth-footer">
          © <CopyrightYear /> {APP_NAME}
        </footer>
      </div>
    </Providers>
  );
}
