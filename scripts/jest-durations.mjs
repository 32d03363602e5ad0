// Writes jest-durations.json, the time each test file took in the last `npm test` (reports/jest.json),
// which the test sequencer (jest-sequencer.js) uses on a checkout where Jest has timed nothing yet.
//   npm run test:durations
import fs from "node:fs";
import path from "node:path";

const report = JSON.parse(fs.readFileSync("reports/jest.json", "utf8"));
/** The file's path in this checkout (the report may come from another: a CI clone). */
const here = (file) => {
  const parts = file.split(path.sep);
  for (let i = 1; i < parts.length; i++) {
    const relative = parts.slice(i).join("/");
    if (fs.existsSync(relative)) return relative;
  }
  throw new Error(`${file}: not in this checkout`);
};
const durations = Object.fromEntries(
  report.testResults
    .map((file) => [here(file.name), Math.round((file.endTime - file.startTime) / 100) * 100])
    .sort(([a], [b]) => (a < b ? -1 : 1)),
);
fs.writeFileSync("jest-durations.json", `${JSON.stringify(durations, null, 2)}\n`);
console.log(`jest-durations.json: ${Object.keys(durations).length} files`);
