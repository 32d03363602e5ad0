import fc from "fast-check";
import { FIRST_DATE, LAST_DATE } from "../../../contract/fields";
import type { Schema } from "../../../contract/schema";

/**
 * fast-check arbitraries from the contract's zod (v4) schemas, for the fuzzer.
 * zod-fast-check knows only zod 3, so this walks zod's core definitions (`_zod.def`), which the
 * classic and the mini API share. It covers the kinds the contract uses (object, string with its
 * length / regex / email checks, number with its bounds, enum, literal, optional, nullable,
 * default, pipe, transform, union, array, custom) and answers any JSON for a kind it does not know,
 * so a schema added later is still fuzzed, only less precisely.
 *
 * The values aim to be mostly valid, so that requests get past validation into the handlers, and
 * sometimes take a string from `pool` (ids, tokens and emails of the fixtures) so that they reach
 * real rows. Hostile values are mixed in by the caller (fuzz.ts), not here.
 */

/** What the walker reads of a zod definition (zod's own types are too generic to narrow). */
type Def = {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, Schema>;
  innerType?: Schema;
  in?: Schema;
  out?: Schema;
  element?: Schema;
  options?: Schema[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  format?: string;
  pattern?: RegExp;
  keyType?: Schema;
  valueType?: Schema;
  items?: Schema[];
};
type CheckDef = {
  check: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number | bigint;
  inclusive?: boolean;
};

const defOf = (schema: Schema) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def) => (def.checks ?? []).map((check) => check._zod.def);

export type Pool = { strings: string[]; files: Uint8Array[] };

/** Any JSON value, small: where the walker does not know a kind. */
export const anyJson = fc.jsonValue({ maxDepth: 2 });

const ISO_DAY = /\\d\{4\}-\\d\{2\}-\\d\{2\}/;

/**
 * Dates at the edges: beyond what PostgreSQL's timestamps take (year 0, the last
 * day of 9999), days no calendar has (30 February, 29 February of a common year, month 13, day
 * 0), leap days that exist, and the first and last days of the contract's range and one past each.
 */
export const EDGE_DATES = [
  "0000-01-01",
  "9999-12-31",
  "2026-02-30",
  "2025-02-29",
  "2100-02-29",
  "2024-02-29",
  "2000-02-29",
  "2025-04-31",
  "2025-13-01",
  "2025-00-10",
  "2025-01-00",
  FIRST_DATE,
  "1899-12-31",
  LAST_DATE,
  "2101-01-01",
];

function stringArbitrary(def: Def, pool: Pool): fc.Arbitrary<string> {
  let min = 0;
  let max = 60;
  let pattern: RegExp | undefined = def.pattern;
  let format = def.format;
  for (const check of checksOf(def)) {
    if (check.check === "min_length" && check.minimum !== undefined) min = Math.max(min, check.minimum);
    if (check.check === "max_length" && check.maximum !== undefined) max = Math.min(max, check.maximum);
    if (check.check === "length_equals" && check.length !== undefined) min = max = check.length;
    if (check.check === "string_format") {
      format = check.format ?? format;
      pattern = check.pattern ?? pattern;
    }
  }
  max = Math.max(min, max);
  const options: fc.Arbitrary<string>[] = [];
  // zod's own email pattern is stricter than RFC 5322 (fast-check's emailAddress): use it.
  if (format === "email" && !pattern) options.push(fc.emailAddress().filter((value) => value.length <= max));
  else if (format === "url") options.push(fc.webUrl().filter((value) => value.length >= min && value.length <= max));
  else if (pattern && ISO_DAY.test(pattern.source)) {
    // The contract's date (fields.ts `calendarDate`: a bare regex plus refines): real days in its
    // range, mostly, and now and then a day at or past an edge of the calendar or of the range.
    const days = fc.date({ min: new Date(FIRST_DATE), max: new Date(LAST_DATE), noInvalidDate: true });
    options.push(
      fc.oneof(
        { arbitrary: days.map((date) => date.toISOString().slice(0, 10)), weight: 3 },
        { arbitrary: fc.constantFrom(...EDGE_DATES), weight: 1 },
      ),
    );
  } else if (pattern) {
    try {
      options.push(fc.stringMatching(pattern).filter((value) => value.length >= min && value.length <= max));
    } catch {
      // A regex feature fast-check cannot generate from (lookarounds): plain strings below.
    }
  }
  const letters = fc.string({ minLength: min, maxLength: Math.min(max, min + 40) });
  if (options.length === 0) options.push(letters);
  // The fixtures' strings that this field would take (a QR token where a token is asked for).
  const fitting = pool.strings.filter(
    (value) => value.length >= min && value.length <= max && (!pattern || pattern.test(value)),
  );
  if (fitting.length > 0) options.push(fc.constantFrom(...fitting));
  return fc.oneof(...options);
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  let min = -1_000_000;
  let max = 1_000_000;
  let integer = false;
  for (const check of checksOf(def)) {
    const value = check.value === undefined ? undefined : Number(check.value);
    if (check.check === "greater_than" && value !== undefined) min = check.inclusive ? value : value + 1;
    if (check.check === "less_than" && value !== undefined) max = check.inclusive ? value : value - 1;
    if (check.check === "number_format") integer = true;
  }
  // Ids and counts are whole numbers in the contract even where only a refine says so (ids.ts).
  integer ||= checksOf(def).some((check) => check.check === "custom");
  const whole = fc.integer({ min: Math.ceil(Math.max(min, -(2 ** 31))), max: Math.floor(Math.min(max, 2 ** 31 - 1)) });
  // Small values first: they are the ids of the fixtures' rows.
  const small = fc.integer({ min: Math.ceil(Math.max(min, 1)), max: Math.floor(Math.min(max, 30)) });
  const wholes = Math.max(min, 1) <= Math.min(max, 30) ? fc.oneof(small, whole) : whole;
  return integer ? wholes : fc.oneof(wholes, fc.double({ min, max, noNaN: true, noDefaultInfinity: true }));
}

/** An arbitrary of (mostly) valid input for `schema`; `undefined` stands for an absent value. */
export function arbitraryFor(schema: Schema, pool: Pool, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > 8) return anyJson;
  const next = (inner: Schema) => arbitraryFor(inner, pool, depth + 1);
  switch (def.type) {
    case "object": {
      const shape = def.shape ?? {};
      const keys = Object.keys(shape);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const key of keys) record[key] = next(shape[key]!);
      // Optional keys may be left out altogether (not only sent as undefined).
      const optional = keys.filter((key) => ["optional", "default"].includes(defOf(shape[key]!).type));
      const value = fc.record(record, { requiredKeys: keys.filter((key) => !optional.includes(key)) });
      // The contract's Laravel-style `x_confirmation` fields repeat `x` (a refine checks it).
      const confirmed = keys.filter((key) => key.endsWith("_confirmation") && keys.includes(key.slice(0, -13)));
      if (confirmed.length === 0) return value;
      return value.map((object) => {
        const copy: Record<string, unknown> = { ...object };
        for (const key of confirmed) copy[key] = copy[key.slice(0, -13)];
        return copy;
      });
    }
    case "string":
      return stringArbitrary(def, pool);
    case "number":
    case "int":
      return numberArbitrary(def);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "undefined":
    case "void":
      return fc.constant(undefined);
    case "enum":
      return fc.constantFrom(...Object.values(def.entries ?? { none: "none" }));
    case "literal":
      return fc.constantFrom(...(def.values ?? [null]));
    case "optional":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return fc.option(next(def.innerType!), { nil: undefined, freq: 4 });
    case "nullable":
      return fc.option(next(def.innerType!), { nil: null, freq: 4 });
    case "pipe": {
      // preprocess(fn, schema) and pipe(transform, schema) are a transform in front: what goes in
      // is what the schema behind it takes.
      // Otherwise the schema behind is the stricter one (`pipe(string, email)`), unless it only
      // transforms what the front one took.
      return defOf(def.out!).type === "transform" ? next(def.in!) : next(def.out!);
    }
    case "union":
      return fc.oneof(...(def.options ?? []).map(next));
    case "intersection": {
      // An object and its extension (`add-address`: the form and its optional id): both halves'
      // fields in one object.
      const { left, right } = def as unknown as { left: Schema; right: Schema };
      return fc
        .tuple(next(left), next(right))
        .map(([a, b]) =>
          a && b && typeof a === "object" && typeof b === "object" ? { ...(a as object), ...(b as object) } : a,
        );
    }
    case "array":
      return fc.array(next(def.element!), { maxLength: 4 });
    case "tuple":
      return fc.tuple(...(def.items ?? []).map(next));
    case "record":
      return fc.dictionary(fc.string({ maxLength: 10 }), next(def.valueType!), { maxKeys: 4 });
    case "custom":
      // The contract's custom kinds are files (bytes) and Stripe's raw event.
      return pool.files.length > 0
        ? fc.oneof(fc.constantFrom(...pool.files), fc.uint8Array({ maxLength: 64 }), anyJson)
        : fc.oneof(fc.uint8Array({ maxLength: 64 }), anyJson);
    default:
      return anyJson;
  }
}
