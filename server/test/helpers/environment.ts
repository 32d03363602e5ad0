import { PGlite } from "@electric-sql/pglite";
import { TestEnvironment } from "jest-environment-node";

/**
 * The api project's test environment: Jest's node environment plus the PGlite class loaded by
 * Node itself, outside the test sandbox.
 *
 * PGlite loads its WebAssembly with dynamic `import()`, which Jest's sandbox refuses unless Node
 * runs with --experimental-vm-modules. This file runs outside the sandbox, so the class it hands
 * over works there; being cached by Node per worker, its compiled WebAssembly is shared by every
 * test file the worker runs.
 */
export default class ApiTestEnvironment extends TestEnvironment {
  override async setup() {
    await super.setup();
    this.global[OUTER_PGLITE] = PGlite;
  }
}

export const OUTER_PGLITE = "__loyaltyTestPGlite";
