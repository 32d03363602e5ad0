import { calls, type Call } from "./calls";
import { calendarDate, daysInMonth, FIRST_DATE, isCalendarDate, LAST_DATE } from "./fields";
import { safeParse, type Schema } from "./schema";
import { birthdayField } from "./wallet";

// Every date of the contract (birthdays, filters, periods) is one type, with one format, one range
// and one set of messages.

const messagesOf = (schema: Schema, value: unknown) => {
  const parsed = safeParse(schema, value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe("calendarDate", () => {
  it.each([
    // Year 0 has a 1 January (proleptic Gregorian), but lies before the range.
    ["0000-01-01", `The date must be between ${FIRST_DATE} and ${LAST_DATE}.`],
    ["9999-12-31", `The date must be between ${FIRST_DATE} and ${LAST_DATE}.`],
    ["2026-02-30", "The date is not a day of the calendar."],
    ["2025-02-29", "The date is not a day of the calendar."],
    ["2100-02-29", "The date is not a day of the calendar."],
    ["2025-04-31", "The date is not a day of the calendar."],
    ["2025-13-01", "The date is not a day of the calendar."],
    ["2025-00-10", "The date is not a day of the calendar."],
    ["2025-01-00", "The date is not a day of the calendar."],
    ["1899-12-31", `The date must be between ${FIRST_DATE} and ${LAST_DATE}.`],
    ["2101-01-01", `The date must be between ${FIRST_DATE} and ${LAST_DATE}.`],
    ["2025-1-01", "The date must be written YYYY-MM-DD."],
    ["2025-01-01T00:00:00Z", "The date must be written YYYY-MM-DD."],
    [" 2025-01-01", "The date must be written YYYY-MM-DD."],
    ["", "The date must be written YYYY-MM-DD."],
    [20250101, "The date must be written YYYY-MM-DD."],
  ])("refuses %j with one message: %s", (value, message) => {
    expect(messagesOf(calendarDate, value)).toEqual([message]);
  });

  it.each(["1900-01-01", "2100-12-31", "2024-02-29", "2000-02-29", "2025-12-31", "2026-01-31", "2025-04-30"])(
    "takes %s as it is",
    (value) => {
      expect(safeParse(calendarDate, value)).toEqual({ success: true, data: value });
    },
  );

  it("knows every month's length, leap years by the Gregorian rule", () => {
    const common = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    for (const [year, february] of [
      [2025, 28],
      [2024, 29],
      [2000, 29],
      [1900, 28],
      [2100, 28],
    ] as const) {
      const lengths = common.map((days, index) => (index === 1 ? february : days));
      expect(lengths.map((_, index) => daysInMonth(year, index + 1))).toEqual(lengths);
      for (const [index, days] of lengths.entries()) {
        const month = String(index + 1).padStart(2, "0");
        expect(isCalendarDate(`${year}-${month}-${days}`)).toBe(true);
        expect(isCalendarDate(`${year}-${month}-${days + 1}`)).toBe(false);
      }
    }
  });

  it("a birthday is such a date, and not in the future", () => {
    expect(messagesOf(birthdayField, "1900-01-01")).toEqual([]);
    expect(messagesOf(birthdayField, "2026-02-30")).toEqual(["The date is not a day of the calendar."]);
    expect(messagesOf(birthdayField, "2100-12-31")).toEqual(["Please enter your birthday."]);
  });
});

/** The schema under preprocess, optional, nullable and default wrappers. */
function unwrap(schema: Schema): Schema {
  const def = schema._zod.def as { type: string; innerType?: Schema; in?: Schema; out?: Schema };
  if (def.innerType) return unwrap(def.innerType);
  if (def.type === "pipe" && def.out) {
    const out = def.out._zod.def as { type: string };
    return unwrap(out.type === "transform" ? def.in! : def.out);
  }
  return schema;
}

/** Every field of an object schema, by dotted path. */
function fieldsOf(schema: Schema, path: string): [string, Schema][] {
  const inner = unwrap(schema);
  const def = inner._zod.def as { type: string; shape?: Record<string, Schema>; left?: Schema; right?: Schema };
  if (def.type === "object" && def.shape) {
    return Object.entries(def.shape).flatMap(([key, field]) => [
      [`${path}.${key}`, field] as [string, Schema],
      ...fieldsOf(field, `${path}.${key}`),
    ]);
  }
  if (def.type === "intersection") return [...fieldsOf(def.left!, path), ...fieldsOf(def.right!, path)];
  return [];
}

const checksOf = (schema: Schema) => (schema._zod.def as { checks?: unknown[] }).checks ?? [];
/** Built on calendarDate: a schema made by `calendarDate.check(…)` shares its checks. */
const isCalendarDateField = (schema: Schema) =>
  checksOf(calendarDate).every((check) => checksOf(schema).includes(check));

const DATE_NAME = /(^|_)(date|day|from|to|until|since|birthday|on|before|after)$/;

it("every date in a query or body of the contract is calendarDate", () => {
  const fields = (Object.entries(calls) as [string, Call][])
    .flatMap(([name, call]) =>
      (["query", "body", "params"] as const).flatMap((part) =>
        call[part] ? fieldsOf(call[part] as Schema, `${name}.${part}`) : [],
      ),
    )
    // An import's mapping names each field's column: its `birthday` is a column number, not a date.
    .filter(([path]) => !path.includes(".mapping."));
  const dateNamed = fields.filter(([path]) => DATE_NAME.test(path.split(".").pop()!));
  // What they are today; a date field added later is caught by its name (or its pattern, below).
  expect(dateNamed.map(([path]) => path).sort()).toEqual([
    "analyticsLift.query.from",
    "analyticsLift.query.to",
    "analyticsStaff.query.from",
    "analyticsStaff.query.to",
    "analyticsSummary.query.from",
    "analyticsSummary.query.to",
    "customerList.query.last_visit_from",
    "customerList.query.last_visit_to",
    "promotionAdd.body.ends_on",
    "promotionAdd.body.starts_on",
    "scanExport.query.from",
    "scanExport.query.to",
    "scanList.query.from",
    "scanList.query.to",
    "walletBirthday.body.birthday",
    "walletJoin.body.birthday",
  ]);
  const offenders = fields.filter(([path, schema]) => {
    const inner = unwrap(schema);
    const looksLikeDate =
      DATE_NAME.test(path.split(".").pop()!) ||
      checksOf(inner).some((check) =>
        /\\d\{4\}-/.test(String((check as { _zod: { def: { pattern?: RegExp } } })._zod.def.pattern?.source)),
      );
    return looksLikeDate && !isCalendarDateField(inner);
  });
  expect(offenders.map(([path]) => path)).toEqual([]);
});
