import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";

// The typed client's types are committed; they must be what `npm run api:types`
// writes from the current contract (contract/v1), or the client lies about the API. The
// generator runs in its own process (openapi-typescript's dependencies are ES modules only).
const root = join(__dirname, "../../..");

it("has committed public API types that match the OpenAPI document (else: npm run api:types)", async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [join(root, "node_modules/tsx/dist/cli.mjs"), "server/src/cli/api-types.ts", "--stdout"],
    { cwd: root, maxBuffer: 16 * 1024 * 1024 },
  );
  expect(stdout.length).toBeGreaterThan(1000);
  expect(await readFile(join(root, "contract/v1/schema.d.ts"), "utf8")).toBe(stdout);
}, 60_000);
