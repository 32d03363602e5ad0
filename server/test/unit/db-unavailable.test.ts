import { DrizzleQueryError } from "drizzle-orm/errors";
import { isDatabaseUnavailable } from "../../src/http/db-unavailable";

/** An error as node-postgres builds it: a message and the server's SQLSTATE or Node's code. */
const withCode = (code: string, message = "boom") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["connection refused (the server is down)", withCode("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432")],
    ["connection reset", withCode("ECONNRESET")],
    ["57P01: terminating connection due to administrator command", withCode("57P01")],
    ["57P02: crash shutdown", withCode("57P02")],
    ["57P03: the database system is starting up", withCode("57P03")],
    ["08006: connection failure", withCode("08006")],
    ["08001: unable to connect", withCode("08001")],
    ["53300: too many connections", withCode("53300")],
    ["a lost connection (no code)", new Error("Connection terminated unexpectedly")],
    ["a pool that cannot connect in time", new Error("timeout exceeded when trying to connect")],
    ["a client whose connection broke", new Error("Client has encountered a connection error and is not queryable")],
    ["wrapped by Drizzle", new DrizzleQueryError("select 1", [], withCode("57P01"))],
    ["wrapped twice", new Error("outer", { cause: new DrizzleQueryError("select 1", [], withCode("ECONNREFUSED")) })],
    [
      "localhost refused on every address (AggregateError)",
      new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNREFUSED")], "connect failed"),
    ],
  ])("is true for %s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation", withCode("23505")],
    ["a syntax error", withCode("42601")],
    ["a statement cancelled by its timeout", withCode("57014")],
    ["a serialization failure", withCode("40001")],
    ["a plain bug", new TypeError("Cannot read properties of undefined")],
    ["a query error wrapped by Drizzle", new DrizzleQueryError("select 1", [], withCode("22P02"))],
    ["nothing", undefined],
    ["a string", "ECONNREFUSED"],
  ])("is false for %s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it("ends on a cause that refers back to itself", () => {
    const error = new Error("loop") as Error & { cause?: unknown };
    error.cause = error;
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
