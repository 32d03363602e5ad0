import { sql } from "drizzle-orm";
import {
  INSIGHT_CARDS_FUNCTION,
  INSIGHT_CHANGES_FUNCTION,
  PROGRAMME_TOTALS_FUNCTION,
  SCAN_DAYS_FUNCTION,
} from "../../src/db/schema/rollups";
import { createTestApp, type TestApp } from "../helpers/app";

// The rollups the database keeps are declared beside the schema (db/schema/rollups.ts); the
// migrations must have made exactly that function, so the declaration is what runs.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A plpgsql function's body: the text between its `$$` quotes. */
const body = (definition: string) => /\$\$\n?([\s\S]*?)\$\$/.exec(definition)![1]!;

it("runs programme_totals_count as rollups.ts declares it", async () => {
  const [fn] = await t.query<{ prosrc: string }>(
    sql`select prosrc from pg_proc where proname = 'programme_totals_count'`,
  );
  expect(fn!.prosrc.trim()).toBe(body(PROGRAMME_TOTALS_FUNCTION).trim());
});

it("runs scan_days_count as rollups.ts declares it", async () => {
  const [fn] = await t.query<{ prosrc: string }>(sql`select prosrc from pg_proc where proname = 'scan_days_count'`);
  expect(fn!.prosrc.trim()).toBe(body(SCAN_DAYS_FUNCTION).trim());
});

it.each([
  ["insight_cards_count", INSIGHT_CARDS_FUNCTION],
  ["insight_changes_note", INSIGHT_CHANGES_FUNCTION],
])("runs %s as rollups.ts declares it", async (name, definition) => {
  const [fn] = await t.query<{ prosrc: string }>(sql`select prosrc from pg_proc where proname = ${name}`);
  expect(fn!.prosrc.trim()).toBe(body(definition).trim());
});
