"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import type { ComponentProps } from "react";

/**
 * A link whose page is fetched when the visitor shows they may follow it (pointer over it, a touch,
 * keyboard focus), not when it scrolls into view: a page that shows many links to other sections
 * does not load all their code up front.
 */
export function IntentLink({
  href,
  ...props
}: Omit<ComponentProps<typeof Link>, "prefetch" | "href"> & { href: string }) {
  const router = useRouter();
  const prefetch = () => router.prefetch(href);
  return (
    <Link
      {...props}
      href={href}
      prefetch={false}
      onPointerEnter={prefetch}
      onTouchStart={prefetch}
      onFocus={prefetch}
    />
  );
}
