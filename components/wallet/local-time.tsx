"use client";
import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * A time in the reader's own time zone. The server does not know it: it renders UTC, and the
 * browser shows the local time once it runs.
 */
export function LocalTime({ iso, locale }: { iso: string; /** The card's language (a BCP 47 tag). */ locale: string }) {
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const date = new Date(iso);
  const sameDay = date.toDateString() === new Date().toDateString();
  // In the card's language, in the phone's own time zone.
  const text = inBrowser
    ? new Intl.DateTimeFormat(
        locale,
        sameDay ? { timeStyle: "short" } : { dateStyle: "medium", timeStyle: "short" },
      ).format(date)
    : `${date.toISOString().slice(11, 16)} UTC${sameDay ? "" : `, ${date.toISOString().slice(0, 10)}`}`;
  return <time dateTime={iso}>{text}</time>;
}
