const day = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short", timeZone: "UTC" });

/** A chart day (`YYYY-MM-DD`, UTC) as the axis and the table name it: "3 Mar". */
export const dayLabel = (date: string) => day.format(new Date(`${date}T00:00:00Z`));
