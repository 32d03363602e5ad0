import type { AbstractIntlMessages } from "next-intl";
import type { Locale } from "@/contract/locales";
import { NAMESPACES } from "./namespaces";

/** Every namespace of a locale's messages, as next-intl takes them: `{ common: {…}, site: {…} }`. */
export async function loadMessages(locale: Locale): Promise<AbstractIntlMessages> {
  const files = await Promise.all(
    NAMESPACES.map(
      async (namespace) =>
        [
          namespace,
          ((await import(`../../messages/${locale}/${namespace}.json`)) as { default: AbstractIntlMessages }).default,
        ] as const,
    ),
  );
  return Object.fromEntries(files);
}
