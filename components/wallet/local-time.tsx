"use client";
import { useFormatter } from "next-intl";
import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * A time in the reader's own time zone. The server does not know it: it renders UTC, and the
 * browser shows the local time once it runs.
 */
export function LocalTime({ iso }: { iso: string }) {
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const format = useFormatter();
  const date = new Date(iso);
  const sameDay = date.toDateString() === new Date().toDateString();
  // In the card's language, in the phone's own time zone.
  const text = inBrowser
    ? format.dateTime(date, {
        ...(sameDay ? { timeStyle: "short" } : { dateStyle: "medium", timeStyle: "short" }),
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      })
    : `${date.toISOString().slice(11, 16)} UTC${sameDay ? "" : `, ${date.toISOString().slice(0, 10)}`}`;
  return <time dateTime={iso}>{text}</time>;
}
