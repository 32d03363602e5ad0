import { addCalendarMonths, periodEnd, type BillingInterval } from "../../src/modules/payments/period";

// A month is a calendar month. A plan bought on 31 January ended on 3 March
// (`setUTCMonth(+1)` overflows); it ends on 28 (or 29) February, and renewals keep the anchor day.

const at = (day: string) => new Date(`${day}T09:30:15.250Z`);
const day = (date: Date) => date.toISOString().slice(0, 10);

/** The ends of `count` periods bought back to back from `first` (the first period's start). */
function chain(first: string, interval: BillingInterval, count: number): string[] {
  const anchor = at(first);
  const ends: string[] = [];
  let start = anchor;
  for (let i = 0; i < count; i++) {
    const end = periodEnd(anchor, start, interval);
    // The time of day is the purchase's, all along the chain.
    expect(end.toISOString().slice(10)).toBe(anchor.toISOString().slice(10));
    ends.push(day(end));
    start = end;
  }
  return ends;
}

describe("a month bought on a month's last day (a new plan)", () => {
  it.each([
    ["2025-01-31", "2025-02-28"],
    ["2024-01-31", "2024-02-29"],
    ["2025-02-28", "2025-03-28"],
    ["2024-02-29", "2024-03-29"],
    ["2025-03-31", "2025-04-30"],
    ["2025-04-30", "2025-05-30"],
    ["2025-05-31", "2025-06-30"],
    ["2025-06-30", "2025-07-30"],
    ["2025-07-31", "2025-08-31"],
    ["2025-08-31", "2025-09-30"],
    ["2025-09-30", "2025-10-30"],
    ["2025-10-31", "2025-11-30"],
    ["2025-11-30", "2025-12-30"],
    ["2025-12-31", "2026-01-31"],
    ["2100-01-31", "2100-02-28"],
    ["2000-01-31", "2000-02-29"],
  ])("%s ends on %s", (start, end) => {
    expect(day(periodEnd(at(start), at(start), "month"))).toBe(end);
  });
});

describe("renewals keep the anchor day", () => {
  it("31 January: the last day of every month, then 31 January again (common and leap year)", () => {
    expect(chain("2025-01-31", "month", 13)).toEqual([
      "2025-02-28",
      "2025-03-31",
      "2025-04-30",
      "2025-05-31",
      "2025-06-30",
      "2025-07-31",
      "2025-08-31",
      "2025-09-30",
      "2025-10-31",
      "2025-11-30",
      "2025-12-31",
      "2026-01-31",
      "2026-02-28",
    ]);
    expect(chain("2023-12-31", "month", 3)).toEqual(["2024-01-31", "2024-02-29", "2024-03-31"]);
  });

  it("30 and 29 January come back after February", () => {
    expect(chain("2025-01-30", "month", 3)).toEqual(["2025-02-28", "2025-03-30", "2025-04-30"]);
    expect(chain("2025-01-29", "month", 3)).toEqual(["2025-02-28", "2025-03-29", "2025-04-29"]);
    expect(chain("2024-01-29", "month", 2)).toEqual(["2024-02-29", "2024-03-29"]);
  });

  it("a day every month has moves by exactly a month", () => {
    expect(chain("2025-11-15", "month", 4)).toEqual(["2025-12-15", "2026-01-15", "2026-02-15", "2026-03-15"]);
  });

  it("a year bought on 29 February ends on 28 February, and on 29 February in the next leap year", () => {
    expect(chain("2024-02-29", "year", 5)).toEqual([
      "2025-02-28",
      "2026-02-28",
      "2027-02-28",
      "2028-02-29",
      "2029-02-28",
    ]);
    // 2100 is no leap year (divisible by 100, not by 400); 2000 was.
    expect(chain("2096-02-29", "year", 4)).toEqual(["2097-02-28", "2098-02-28", "2099-02-28", "2100-02-28"]);
    expect(chain("1996-02-29", "year", 4)).toEqual(["1997-02-28", "1998-02-28", "1999-02-28", "2000-02-29"]);
  });

  it("a year bought on a month's last day stays on it", () => {
    expect(chain("2025-01-31", "year", 2)).toEqual(["2026-01-31", "2027-01-31"]);
    expect(chain("2025-12-31", "year", 1)).toEqual(["2026-12-31"]);
  });
});

describe("periodEnd", () => {
  it("is the first anchor + n intervals after a start off the cycle (paid ahead from a plan's odd start)", () => {
    expect(day(periodEnd(at("2025-01-31"), at("2025-02-01"), "month"))).toBe("2025-02-28");
    expect(day(periodEnd(at("2025-01-31"), at("2025-02-28"), "month"))).toBe("2025-03-31");
    expect(day(periodEnd(at("2025-01-31"), new Date("2025-02-28T09:30:15.249Z"), "month"))).toBe("2025-02-28");
    expect(day(periodEnd(at("2024-02-29"), at("2025-03-01"), "year"))).toBe("2026-02-28");
  });

  it("addCalendarMonths counts backwards and across years too", () => {
    expect(day(addCalendarMonths(at("2025-03-31"), -1))).toBe("2025-02-28");
    expect(day(addCalendarMonths(at("2025-01-31"), -2))).toBe("2024-11-30");
    expect(day(addCalendarMonths(at("2025-01-31"), 25))).toBe("2027-02-28");
    expect(addCalendarMonths(at("2025-01-31"), 0).getTime()).toBe(at("2025-01-31").getTime());
  });
});
