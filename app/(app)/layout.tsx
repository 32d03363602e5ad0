import { connection } from "next/server";
import type { ReactNode } from "react";
import { Providers } from "@/app/providers";
import { AppShell } from "@/components/app/app-shell";
import { webEnv } from "@/lib/env";

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
  return (
    <Providers>
      <AppShell stores={stores}>{children}</AppShell>
    </Providers>
  );
}
