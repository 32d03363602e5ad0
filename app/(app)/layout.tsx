import { connection } from "next/server";
import type { ReactNode } from "react";
import { Providers } from "@/app/providers";
import { AppShell } from "@/components/app/app-shell";
import { webEnv } from "@/lib/env";

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
