import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import type { ReactNode } from "react";
import { pickMessages } from "@/lib/i18n/message-paths";
import { PAGE_MESSAGES, SHELL_MESSAGES, type SignedInPage } from "@/lib/i18n/page-messages";

/**
 * A signed-in page's messages: the browser gets the shell's and this page's (PAGE_MESSAGES),
 * each page bringing its own as it is opened.
 */
export async function PageMessages({ page, children }: { page: SignedInPage; children: ReactNode }) {
  const messages = pickMessages(await getMessages(), [...SHELL_MESSAGES, ...PAGE_MESSAGES[page]]);
  return <NextIntlClientProvider messages={messages}>{children}</NextIntlClientProvider>;
}
