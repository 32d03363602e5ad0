// Jest runs the test files that took longest first, so that no worker waits at the end for one long
// file started last; it knows their times from its cache of earlier runs. A fresh checkout (CI) has
// no cache, and Jest then orders by file size: the contract fuzzer, a small file that runs for about
// 50 s, started among the last. The times recorded in jest-durations.json (`npm run
// test:durations`) stand in wherever the cache has none.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import TestSequencer from "@jest/test-sequencer";

const root = path.dirname(fileURLToPath(import.meta.url));
const recorded = JSON.parse(fs.readFileSync(path.join(root, "jest-durations.json"), "utf8"));

export default class RecordedTimesFirst extends TestSequencer {
  time(test) {
    return super.time(test) ?? recorded[path.relative(root, test.path)];
  }
}
