/**
 * Errors that mean "the database cannot be reached right now", not "this request is wrong": the
 * server restarting or failing over, a connection it dropped, a pool that cannot connect. The API
 * answers 503 to these (app.ts), never 500, and the PostgreSQL pool reconnects on its own.
 */

/** Socket-level failures (Node's error codes) on the way to the database. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * PostgreSQL's SQLSTATEs for the same: class 08 (connection exception), 57P01–57P03 (the server is
 * shutting down, crashed, or not accepting connections yet) and 53300 (too many connections).
 */
function isUnavailableState(code: string): boolean {
  return code.startsWith("08") || code === "57P01" || code === "57P02" || code === "57P03" || code === "53300";
}

/** node-postgres reports a lost connection with these messages and no code. */
const LOST_CONNECTION = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable$/,
  /^Client was closed/,
];

/**
 * True when the error, or any error it wraps (Drizzle wraps the driver's error as `cause`; a
 * connection to `localhost` that failed on every address is an AggregateError), is one of those.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 8) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (
    typeof code === "string" &&
    (NETWORK_CODES.has(code) || (/^[0-9A-Z]{5}$/.test(code) && isUnavailableState(code)))
  ) {
    return true;
  }
  if (typeof message === "string" && LOST_CONNECTION.some((pattern) => pattern.test(message))) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
