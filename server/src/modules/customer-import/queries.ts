import { and, asc, desc, eq, isNotNull, or, sql } from "drizzle-orm";
import type { CountryCode } from "libphonenumber-js";
import type { Db } from "../../db/client";
import { businesses, countries, customerImportRows, customerImports, rewards } from "../../db/schema";
import { IMPORT_BAD_ROWS_SHOWN } from "../../../../contract/customer-import";
import type { CheckedRow } from "./rows";
import { newSerials } from "../loyalty/engine/codes";

/** Rows one staging insert writes. */
const STAGE_BATCH = 5000;

/** The business's country as ISO 3166-1 alpha-2, for phone numbers written without their country code. */
export async function businessCountry(db: Db, businessId: number): Promise<CountryCode | undefined> {
  const [row] = await db
    .select({ code: countries.code })
    .from(businesses)
    .innerJoin(countries, eq(countries.name, businesses.countryName))
    .where(eq(businesses.id, businessId))
    .limit(1);
  return row?.code as CountryCode | undefined;
}

/**
 * The import with its rows checked (`check`, in the file's order) and staged, in one transaction: a
 * failure leaves nothing behind. Each part of the file is checked while the part before it is
 * written. Answers the import and the checked rows.
 */
export async function stageImport(
  db: Db,
  head: { ownerId: number; businessId: number; mapping: typeof customerImports.$inferInsert.mapping },
  rows: readonly { line: number; cells: string[] }[],
  check: (row: { line: number; cells: string[] }) => CheckedRow,
) {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(customerImports)
      .values({
        userId: head.ownerId,
        businessId: head.businessId,
        mapping: head.mapping,
        totalRows: rows.length,
        goodRows: 0,
      })
      .returning({ id: customerImports.id });
    const checked: CheckedRow[] = [];
    let writing: Promise<unknown> = Promise.resolve();
    for (let start = 0; start < rows.length; start += STAGE_BATCH) {
      const part = rows.slice(start, start + STAGE_BATCH).map(check);
      checked.push(...part);
      await writing;
      // A real promise: drizzle's runs its statement at each then (the catch below, the await after).
      writing = Promise.resolve(tx.execute(stageSql(created!.id, part)));
      // Its failure is met by the await before the next part (or after the last).
      writing.catch(() => undefined);
      // The statement goes out before the next part is checked.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await writing;
    const [staged] = await tx
      .update(customerImports)
      .set({ goodRows: checked.filter((row) => !row.error).length })
      .where(eq(customerImports.id, created!.id))
      .returning();
    return { staged: staged!, rows: checked };
  });
}

/** One insert … select from unnest of a part's rows: a statement of 13 parameters whatever the rows. */
function stageSql(importId: number, part: readonly CheckedRow[]) {
  const column = <T>(value: (row: CheckedRow) => T, type: string) =>
    sql`${sql.param(part.map(value))}::${sql.raw(type)}[]`;
  return sql`
    insert into customer_import_rows (import_id, line, name, email, phone, phone_e164, phone_keys, birthday,
      balance, consent_email, consent_sms, joined_at, serial, error)
    select ${importId}, line, name, email, phone, phone_e164, string_to_array(phone_keys, ' '), birthday,
      balance, consent_email, consent_sms, joined_at, serial, error
    from unnest(
      ${column((row) => row.line, "int")}, ${column((row) => row.name, "text")},
      ${column((row) => row.email, "text")}, ${column((row) => row.phone, "text")},
      ${column((row) => row.phoneE164, "text")}, ${column((row) => row.phoneKeys?.join(" ") ?? null, "text")},
      ${column((row) => row.birthday, "text")}, ${column((row) => row.balance, "int")},
      ${column((row) => row.consentEmail, "boolean")}, ${column((row) => row.consentSms, "boolean")},
      ${column((row) => row.joinedAt?.toISOString() ?? null, "timestamptz")},
      ${sql.param(newSerials(part.length))}::text[], ${column((row) => row.error, "text")}
    ) as r(line, name, email, phone, phone_e164, phone_keys, birthday, balance, consent_email, consent_sms,
      joined_at, serial, error)`;
}

/** One of the owner's imports, or undefined (another owner's is not theirs to see). */
export async function ownImport(db: Db, ownerId: number, importId: number) {
  const [row] = await db
    .select()
    .from(customerImports)
    .where(and(eq(customerImports.id, importId), eq(customerImports.userId, ownerId)))
    .limit(1);
  return row;
}

/** The rows not imported, by line: refused by the preview, or matching two customers in the job. */
export async function badRows(db: Db, importId: number) {
  const where = and(
    eq(customerImportRows.importId, importId),
    or(isNotNull(customerImportRows.error), eq(customerImportRows.outcome, "conflict")),
  );
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(customerImportRows)
    .where(where);
  const shown = await db
    .select({ line: customerImportRows.line, error: customerImportRows.error })
    .from(customerImportRows)
    .where(where)
    .orderBy(asc(customerImportRows.line))
    .limit(IMPORT_BAD_ROWS_SHOWN);
  return { count: Number(count!.n), shown };
}

/** The business's current programme (the newest active one): imported cards collect for it. */
export async function currentProgramme(db: Db, businessId: number) {
  const [row] = await db
    .select({ id: rewards.id, kind: rewards.kind })
    .from(rewards)
    .where(and(eq(rewards.businessId, businessId), eq(rewards.active, true)))
    .orderBy(desc(rewards.id))
    .limit(1);
  return row;
}
