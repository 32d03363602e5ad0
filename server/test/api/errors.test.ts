import { createTestApp, expectError, type TestApp } from "../helpers/app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("health", () => {
  it("answers 200 with the database kind", async () => {
    const res = await t.get("/health");
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ status: true, message: "OK", data: { database: t.database.kind } });
    expect(["pglite", "postgres"]).toContain(t.database.kind);
    expect(t.database.kind).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
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
