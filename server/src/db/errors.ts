/** True for a unique-index violation (Postgres 23505), however the driver or Drizzle wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/**
 * True when PostgreSQL cancelled the statement (57014: the statement timeout, or an operator's
 * pg_cancel_backend): the database is overloaded or the query too slow, not the request wrong.
 */
export function isStatementCancelled(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "57014") return true;
  }
  return false;
}
