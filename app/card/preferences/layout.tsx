import type { ReactNode } from "react";
import { RequestRootLayout } from "@/app/request-root-layout";
import { rootMetadata, rootViewport } from "@/app/root-document";

export const metadata = rootMetadata;
export const viewport = rootViewport;

/** Rendered per request, in the visitor's language. */
export const instant = false;

export default function Layout({ children }: { children: ReactNode }) {
  return <RequestRootLayout>{children}</RequestRootLayout>;
}
