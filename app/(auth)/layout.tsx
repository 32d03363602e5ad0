import Link from "next/link";
import type { ReactNode } from "react";
import { Providers } from "@/app/providers";
import { APP_NAME } from "@/lib/site";

export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <Providers>
      <div className="auth-shell">
        <header className="auth-header">
          <Link href="/" className="brand">
            <span className="brand-mark" aria-hidden="true">
              ★
            </span>
            {APP_NAME}
          </Link>
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
