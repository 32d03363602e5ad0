// npm run fuzz: the contract fuzzer (server/test/api/fuzz.test.ts) for longer than the test suite's
// bounded run. FUZZ_RUNS requests per call and identity (default 200), FUZZ_SEED (default: a new
// one, printed, so a finding can be replayed with it). DATABASE_URL runs it on PostgreSQL.
import { spawnSync } from "node:child_process";

const seed = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
const runs = process.env.FUZZ_RUNS ?? "200";
console.log(`fuzz: seed ${seed}, ${runs} runs per call and identity (FUZZ_SEED=${seed} replays it)`);
const result = spawnSync(
  process.execPath,
  ["node_modules/jest/bin/jest.js", "--selectProjects", "api", "--runTestsByPath", "server/test/api/fuzz.test.ts"],
  { stdio: "inherit", env: { ...process.env, FUZZ_SEED: seed, FUZZ_RUNS: runs, FUZZ_REPORT: "1" } },
);
process.exit(result.status ?? 1);
