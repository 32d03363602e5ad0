import { writeFile } from "node:fs/promises";
import { format, resolveConfig } from "prettier";
import { SCHEMA_TYPES_PATH, v1SchemaTypes } from "../modules/v1/schema-types";

/**
 * `npm run api:types`: writes the public API's types, formatted as the repository's files are.
 * `--stdout` prints them instead (the staleness test compares that with the committed file).
 */
async function main() {
  const options = (await resolveConfig(SCHEMA_TYPES_PATH)) ?? {};
  const types = await format(await v1SchemaTypes(), { ...options, filepath: SCHEMA_TYPES_PATH });
  if (process.argv.includes("--stdout")) {
    process.stdout.write(types);
    return;
  }
  await writeFile(SCHEMA_TYPES_PATH, types);
  console.log(`wrote ${SCHEMA_TYPES_PATH}`);
}

void main();
