import { connection } from "next/server";
import type { ReactNode } from "react";
import { Providers } from "@/app/providers";
import { AppShell } from "@/components/app/app-shell";
import { PushConfigProvider } from "@/components/notifications/push-config";
import { webEnv } from "@/lib/server/env";
import { parsePushConfig } from "@/lib/push-config";
import { SignedInData } from "@/lib/server/signed-in-data";
import { SHELL_MESSAGES } from "@/lib/i18n/page-messages";
import { RequestRootLayout } from "@/app/request-root-layout";
import { rootMetadata, rootViewport } from "@/app/root-document";

export const metadata = rootMetadata;
export const viewport = rootViewport;

/**
 * Signed-in pages render per request (they depend on the session and the URL): with Cache
 * Components on (for the public pages' prerendering) they opt out of the static-shell requirement.
 */
export const instant = false;

export default async function SignedInLayout({ children }: { children: ReactNode }) {
  // Read at request time, so the store links follow the running server's configuration.
  await connection();
  const env = webEnv();
  const stores = { appStore: env.NEXT_PUBLIC_APP_STORE_URL, playStore: env.NEXT_PUBLIC_PLAY_STORE_URL };
  const push = parsePushConfig(env.NEXT_PUBLIC_FIREBASE_CONFIG, env.NEXT_PUBLIC_FIREBASE_VAPID_KEY);
  return (
    <RequestRootLayout clientMessages={SHELL_MESSAGES}>
      <Providers>
        <PushConfigProvider value={push}>
          <SignedInData>
            <AppShell stores={stores}>{children}</AppShell>
          </SignedInData>
        </PushConfigProvider>
      </Providers>
    </RequestRootLayout>
  );
}
