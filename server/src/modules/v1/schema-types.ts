import openapiTS, {
  astToString,
  NEVER,
  STRING,
  tsIntersection,
  tsLiteral,
  tsRecord,
  tsUnion,
} from "openapi-typescript";
import type { SchemaObject } from "openapi-typescript";
import { v1OpenApiDocument } from "./openapi";

/** Where `npm run api:types` writes the public API's types (contract/v1/client.ts reads them). */
export const SCHEMA_TYPES_PATH = "contract/v1/schema.d.ts";

const HEADER = `/**
 * The public API's types, generated from /api/v1/openapi.json by \`npm run api:types\`; do not edit.
 * A test fails when this file is older than the contract (contract/v1).
 */
`;

/**
 * An open enum (`x-extensible-enum`: the values known today, more may come) as the union of its
 * values and any other string (`string & Record<never, never>`, which keeps the known values'
 * completion): a client compiled today still accepts a value added tomorrow.
 */
function openEnum(schema: SchemaObject) {
  const values: unknown = schema["x-extensible-enum"];
  if (!Array.isArray(values)) return undefined;
  return tsUnion([...values.map((value) => tsLiteral(value)), tsIntersection([STRING, tsRecord(NEVER, NEVER)])]);
}

/** The TypeScript types of the public API's OpenAPI document (openapi-typescript). */
export async function v1SchemaTypes(): Promise<string> {
  const ast = await openapiTS(JSON.parse(JSON.stringify(v1OpenApiDocument())), { transform: openEnum });
  return HEADER + astToString(ast);
}
