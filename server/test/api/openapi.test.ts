import { calls, type Call } from "../../../contract/calls";
import { createTestApp, type TestApp } from "../helpers/app";

/** GET /api/openapi.json: the OpenAPI 3.1 document of the contract. */

type Operation = {
  operationId: string;
  security: Record<string, string[]>[];
  parameters?: { in: string; name: string; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, unknown>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, unknown>;
};

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.get("/openapi.json");
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  doc = JSON.parse(res.text) as Document;
});
afterAll(() => t.close());

const entries = Object.entries(calls) as [string, Call][];

it("is OpenAPI 3.1 with the bearer scheme, served to anyone", () => {
  expect(doc.openapi).toBe("3.1.0");
  expect(doc.components).toMatchObject({ securitySchemes: { bearer: { type: "http", scheme: "bearer" } } });
});

it.each(entries)("documents %s at its path and method, with its access", (name, call) => {
  const op = doc.paths[call.path.replace(/:([a-z_]+)/g, "{$1}")]?.[call.method.toLowerCase()];
  expect(op?.operationId).toBe(name);
  expect(op!.security).toEqual(call.access === "public" ? [] : [{ bearer: [] }]);
  expect(Object.keys(op!.responses)).toEqual(expect.arrayContaining(["200", "429"]));
  if (call.access !== "public") expect(op!.responses).toHaveProperty("401");
  if (call.access === "owner") expect(op!.responses).toHaveProperty("403");
  if (call.body || call.query || call.params) expect(op!.responses).toHaveProperty("422");
  if (call.body) expect(op!.requestBody?.content).toHaveProperty(["application/json"]);
  for (const name of call.path.match(/:([a-z_]+)/g) ?? []) {
    expect(op!.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: "path", name: name.slice(1) })]),
    );
  }
});

it("carries the schemas' rules: bounds, patterns, enums, required fields, multipart for files", () => {
  const scans = doc.paths["/scan-list"]!.get!.parameters!;
  expect(scans.find((p) => p.name === "per_page")?.schema).toMatchObject({ type: "integer", maximum: 100 });
  expect(scans.find((p) => p.name === "kind")?.schema).toMatchObject({ enum: ["join", "stamp", "redeem"] });
  const business = doc.paths["/add-business"]!.post!.requestBody!.content;
  expect(business).toHaveProperty(["multipart/form-data"]);
  expect(business["application/json"]!.schema).toMatchObject({
    required: expect.arrayContaining(["business_name", "zip_code"]),
    properties: { zip_code: { maxLength: 20, pattern: expect.any(String) } },
  });
});
