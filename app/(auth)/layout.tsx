import { Brand } from "@/components/ui/brand";
import type { ReactNode } from "react";
import { Providers } from "@/app/providers";
import { APP_NAME } from "@/lib/site";

export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <Providers>
      <div className="auth-shell">
        <header className="auth-header">
          <Brand />
        </header>
        <main className="auth-main" id="main">
          {children}
        </main>
        <footer className="auth-footer">
          © {new Date().getFullYear()} {APP_NAME}
        </footer>
      </div>
    </Providers>
  );
}
