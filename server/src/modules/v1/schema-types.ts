import openapiTS, { astToString } from "openapi-typescript";
import { v1OpenApiDocument } from "./openapi";

/** Where `npm run api:types` writes the public API's types (contract/v1/client.ts reads them). */
export const SCHEMA_TYPES_PATH = "contract/v1/schema.d.ts";

const HEADER = `/**
 * The public API's types, generated from /api/v1/openapi.json by \`npm run api:types\`; do not edit.
 * A test fails when this file is older than the contract (contract/v1).
 */
`;

/** The TypeScript types of the public API's OpenAPI document (openapi-typescript). */
export async function v1SchemaTypes(): Promise<string> {
  const ast = await openapiTS(JSON.parse(JSON.stringify(v1OpenApiDocument())));
  return HEADER + astToString(ast);
}
