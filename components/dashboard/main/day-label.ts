import { useFormatter } from "next-intl";

/** A chart day (`YYYY-MM-DD`, UTC) as the axis and the table name it, in the reader's language: "3 Mar". */
export function useDayLabel() {
  const format = useFormatter();
  return (date: string) =>
    format.dateTime(new Date(`${date}T00:00:00Z`), { day: "numeric", month: "short", timeZone: "UTC" });
}
