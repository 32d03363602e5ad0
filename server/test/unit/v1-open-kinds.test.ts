import { KIND_NAMES } from "../../../contract/kinds";
import type { components } from "../../../contract/v1/schema";
import { v1OpenApiDocument } from "../../src/modules/v1/openapi";

// The public API's programme kinds are an open enum: a kind added later reaches clients without a
// new API version. The document lists today's kinds as `x-extensible-enum` (no closed `enum`) and
// says clients must accept others; the typed client's type accepts an unknown value.

type Schema = { type?: string; enum?: unknown; description?: string; "x-extensible-enum"?: unknown };
type Doc = { components: { schemas: Record<string, { properties: Record<string, Schema> }> } };

const schemas = () => (v1OpenApiDocument() as Doc).components.schemas;

it.each([
  ["Card", "programme"],
  ["EarnResult", "unit"],
  ["CardEvent", "unit"],
])("documents %s.%s as an open list of the registry's kinds", (schema, field) => {
  const property = schemas()[schema]!.properties[field]!;
  expect(property.type).toBe("string");
  expect(property.enum).toBeUndefined();
  expect(property["x-extensible-enum"]).toEqual([...KIND_NAMES]);
  expect(property.description).toMatch(/clients must accept values not listed/);
});

it("types a kind the client does not know yet as a valid value, and still not as anything at all", () => {
  const later: components["schemas"]["Card"]["programme"] = "vouchers";
  const known: components["schemas"]["CardEvent"]["unit"] = "points";
  // @ts-expect-error a kind is a string
  const wrong: components["schemas"]["EarnResult"]["unit"] = 5;
  expect([later, known, wrong]).toEqual(["vouchers", "points", 5]);
});
