"use client";
import { NextIntlClientProvider, type AbstractIntlMessages } from "next-intl";
import type { ComponentProps } from "react";
import { PushButton } from "@/components/notifications/push-button";
import { formats, timeZone } from "@/lib/i18n/formats";
import { JoinCard } from "./join-card";

/** The card's locale and the messages its client part formats in the browser (`cardIntl`). */
export type CardIntl = { locale: string; messages: AbstractIntlMessages };

const Provider = ({ intl, children }: { intl: CardIntl; children: React.ReactNode }) => (
  <NextIntlClientProvider locale={intl.locale} messages={intl.messages} formats={formats} timeZone={timeZone}>
    {children}
  </NextIntlClientProvider>
);

/** The join form in the card's language, with the provider of its messages. */
export function JoinCardWithIntl({ intl, ...props }: { intl: CardIntl } & ComponentProps<typeof JoinCard>) {
  return (
    <Provider intl={intl}>
      <JoinCard {...props} />
    </Provider>
  );
}

/** The push button in the card's language, with the provider of its messages. */
export function PushButtonWithIntl({ intl, ...props }: { intl: CardIntl } & ComponentProps<typeof PushButton>) {
  return (
    <Provider intl={intl}>
      <PushButton {...props} />
    </Provider>
  );
}
