import type { Formats } from "next-intl";

/**
 * The one place dates, numbers and money are formatted (next-intl's formatter, Intl underneath,
 * in the render's locale): components call `useFormatter()` / `getFormatter()` with these names.
 */
export const formats = {
  dateTime: {
    day: { day: "numeric", month: "short", year: "numeric" },
    dayShort: { day: "numeric", month: "short" },
    dayTime: { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" },
    time: { hour: "2-digit", minute: "2-digit" },
  },
  number: {
    integer: { maximumFractionDigits: 0 },
    percent: { style: "percent", maximumFractionDigits: 1 },
  },
} satisfies Formats;

/**
 * Dates without a zone of their own are shown in UTC on the server and the browser alike, so a
 * render and its hydration agree; business-local days are computed by the API (its time_zone).
 */
export const timeZone = "UTC";
