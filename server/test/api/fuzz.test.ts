import { createTestApp, type TestApp } from "../helpers/app";
import { fuzzContract, fuzzTarget, type FuzzTarget } from "../helpers/fuzz";

/**
 * Fuzzing from the contract, bounded and seeded: every call, signed in as an
 * owner and signed out, with requests generated from its zod schemas and hostile values. No
 * answer ≥ 500, and no row written by a 4xx. `npm run fuzz` runs the same for longer
 * (FUZZ_SEED, FUZZ_RUNS); a finding prints the request, to add as a test of its own (the
 * multipart cases of bad-input.test.ts came from here).
 */

const seed = Number(process.env.FUZZ_SEED ?? 18);
const runs = Number(process.env.FUZZ_RUNS ?? 2);

let t: TestApp;
let target: FuzzTarget;
beforeAll(async () => {
  t = await createTestApp();
  target = await fuzzTarget(t);
});
afterAll(() => t.close());

it(`every call of the contract, as an owner and signed out: no 5xx, nothing written by a 4xx (seed ${seed}, ${runs} runs each)`, async () => {
  const findings = await fuzzContract(target, { seed, runs, identities: ["owner", "public"] });
  if (process.env.FUZZ_REPORT) console.log(JSON.stringify(target.statuses, null, 1));
  expect(findings).toEqual([]);
  // The generated requests reach the handlers: some calls answer success, not only refusals.
  expect(Object.keys(target.statuses).filter((key) => key.endsWith(" 2xx")).length).toBeGreaterThan(10);
}, 3_600_000);
