import fs from "node:fs";

/**
 * A log stream for a bench that runs the API in its own process: the lines are written, one
 * synchronous write each as pino writes stdout, to /dev/null, so the log is paid for, not shown.
 */
export function devNull() {
  const fd = fs.openSync("/dev/null", "w");
  return { write: (line: string) => void fs.writeSync(fd, line) };
}
