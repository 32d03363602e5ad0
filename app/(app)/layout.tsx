import type { ReactNode } from "react";
import { Providers } from "@/app/providers";
import { AppShell } from "@/components/app/app-shell";
import { TranslateWidget } from "@/components/translate/translate-widget";

/**
 * Signed-in pages render per request (they depend on the session and the URL): with Cache
 * Components on (for the public pages' prerendering) they opt out of the static-shell requirement.
 */
export const instant = false;

export default function SignedInLayout({ children }: { children: ReactNode }) {
  return (
    <Providers>
      {/* The dashboard's menu takes the widget over when the new dashboard layout lands. */}
      <div className="translate-bar">
        <TranslateWidget />
      </div>
      <AppShell>{children}</AppShell>
    </Providers>
  );
}
