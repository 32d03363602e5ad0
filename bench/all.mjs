// `npm run bench`: every benchmark in turn, each reporting its own targets; a part that misses a
// target does not stop the others, and the exit code says whether all were met.
import { spawnSync } from "node:child_process";

const parts = [
  ["API latency and memory", "npx", ["tsx", "bench/run.ts"]],
  ["staff scanner under load, embedded PostgreSQL", "npx", ["tsx", "bench/loyalty.mts"]],
  ["staff scanner under load, PostgreSQL", "npm", ["run", "bench:pg"]],
  ["web pages", "npx", ["tsx", "bench/web.mts"]],
  ["memory: API server ≤ 350 MB, web server ≤ 150 MB", "npx", ["tsx", "bench/memory.mts"]],
  ["CPU per request against floors of the same run", "npx", ["tsx", "bench/cpu.mts"]],
];
const missed = [];
for (const [name, command, args] of parts) {
  console.log(`\n=== ${name}`);
  const { status } = spawnSync(command, args, { stdio: "inherit" });
  if (status !== 0) missed.push(name);
}
console.log(missed.length ? `\nTargets missed in: ${missed.join("; ")}` : "\nEvery target met.");
process.exit(missed.length ? 1 : 0);
