import { sql } from "drizzle-orm";
import { connectPostgres } from "../../src/db/client";
import { createTestApp, expectError, type TestApp } from "../helpers/app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("health", () => {
  it("answers 200 and names nothing of what runs behind it", async () => {
    const res = await t.get("/health");
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ status: true, message: "OK", data: null });
    expect(res.text).not.toMatch(/pglite|postgres/i);
  });
});

describe("unknown routes", () => {
  it.each([
    ["GET", "/api/nope"],
    ["POST", "/api/nope"],
    ["GET", "/"],
    ["GET", "/login"],
    ["DELETE", "/api/login"],
  ] as const)("%s %s answers the 404 envelope", async (method, path) => {
    const res = await t.request(method, path, method === "POST" ? {} : undefined);
    expectError(res, 404, "Not found.");
  });
});

describe("security headers (helmet)", () => {
  it("are on every answer, errors included", async () => {
    for (const res of [await t.get("/health"), await t.get("/nope")]) {
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
      expect(res.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
      expect(res.headers["x-powered-by"]).toBeUndefined();
    }
  });
});

describe("bodies the API does not take", () => {
  it("answers 415 to an unsupported content type, and 413 to a body over 5 MiB", async () => {
    expectError(await t.post("/login", undefined, { raw: "<xml/>", contentType: "application/xml" }), 415);
    const huge = JSON.stringify({ email: "a@b.co", password: "x".repeat(6 * 1024 * 1024) });
    expectError(await t.post("/login", undefined, { raw: huge, contentType: "application/json" }), 413);
  });
});

describe("the database out of reach (a restart, a failover)", () => {
  // A PostgreSQL pool pointed at a port where nothing listens: every query fails as it does while
  // the database restarts (ECONNREFUSED).
  const database = connectPostgres("postgres://nobody@127.0.0.1:1/none");
  let down: TestApp;
  beforeAll(async () => {
    down = await createTestApp({}, { database });
  });
  afterAll(async () => {
    await down.close();
    await database.close();
  });

  it("answers 503 with the envelope and Retry-After, never 500", async () => {
    const error = jest.spyOn(console, "error").mockImplementation(() => {});
    try {
      for (const res of [
        await down.post("/login", { email: "someone@example.com", password: "a-password-1" }),
        await down.get("/user-profile", { token: "a".repeat(40) }),
        await down.post("/qr-code-scanner", { code: "LC-AAAA-AAAA-AAAA" }, { token: "a".repeat(40) }),
      ]) {
        expectError(res, 503, "Service unavailable, please try again");
        expect(res.headers["retry-after"]).toBe("1");
      }
      expectError(await down.get("/health"), 503);
    } finally {
      error.mockRestore();
    }
  });
});

// The run's database server (embedded, or DATABASE_URL's) drops the pool's idle connections.
if (process.env.DATABASE_URL) {
  describe("the database server closing idle connections", () => {
    it("is no crash: the pool reconnects for the next query", async () => {
      expect((await t.get("/health")).statusCode).toBe(200);
      const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
      try {
        const other = await t.testDatabase!.connectAgain();
        await other.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity
              where datname = current_database() and pid <> pg_backend_pid() and state = 'idle'`,
        );
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect((await t.get("/health")).statusCode).toBe(200);
        expect(warn).toHaveBeenCalledWith(expect.stringContaining("idle connection closed by the server"));
      } finally {
        warn.mockRestore();
      }
    });
  });
}
