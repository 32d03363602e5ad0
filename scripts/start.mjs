// `npm start`: builds what is stale, then runs the API server and the Next.js server together.
// `npm run dev`: the same with hot reload (tsx watch + next dev). Ctrl-C stops both.
import { spawn } from "node:child_process";
import fs from "node:fs";
import { API_SERVER_ARGS } from "./lib/api-server-command.mjs";
import { isStale, targets } from "./lib/build-state.mjs";
import { run, waitForUrl } from "./lib/run.mjs";
import { apiUrlOf, startEnv } from "./lib/start-env.mjs";
import { WEB_MEMORY_ENV, WEB_SERVER_ARGS } from "./lib/web-server-command.mjs";

const dev = process.argv.includes("--dev");
if (fs.existsSync(".env")) process.loadEnvFile(".env");

const env = startEnv(process.env, { dev });
const port = env.PORT;
const apiUrl = apiUrlOf(env);

const children = [];
let stopping = false;

// Each child leads its own process group, so stopping it also stops whatever it started.
function start(name, command, args, extraEnv = {}) {
  const child = spawn(command, args, { env: { ...env, ...extraEnv }, stdio: "inherit", detached: true });
  child.on("exit", (code, signal) => {
    if (!stopping) {
      console.error(`[start] ${name} exited (${signal ?? code}); stopping.`);
      stop(code || 1);
    }
  });
  children.push(child);
  return child;
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  const alive = children.filter((c) => c.exitCode === null && c.signalCode === null);
  const signal = (name) => {
    for (const child of alive) {
      try {
        process.kill(-child.pid, name);
      } catch {
        // already gone
      }
    }
  };
  signal("SIGTERM");
  const force = setTimeout(() => signal("SIGKILL"), 10_000).unref();
  Promise.all(alive.map((c) => new Promise((r) => c.once("exit", r)))).then(() => {
    clearTimeout(force);
    process.exit(code);
  });
}

process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
// npm does not always pass SIGTERM on to this script: when npm is gone, stop as well.
const parent = process.ppid;
setInterval(() => process.ppid !== parent && stop(0), 1000).unref();

try {
  if (!dev) {
    for (const [name, target] of Object.entries(targets)) {
      if (isStale(target)) {
        console.log(`[start] building ${name}…`);
        await run("npm", target.command, { env: { ...env, NODE_ENV: "production" } });
      }
    }
  }
  const api = dev
    ? start("API server", "node_modules/.bin/tsx", ["watch", "server/src/main.ts"])
    : start("API server", process.execPath, API_SERVER_ARGS);
  await waitForUrl(`${apiUrl}/health`, 60_000, () => api.exitCode === null);
  const web = dev
    ? start("Next.js", "node_modules/.bin/tsx", ["web-server/main.ts", "--dev"])
    : start("Next.js", process.execPath, WEB_SERVER_ARGS, WEB_MEMORY_ENV);
  await waitForUrl(`http://127.0.0.1:${port}/`, 120_000, () => web.exitCode === null);
  console.log(`\n  Ready on http://localhost:${port}  (API ${apiUrl})\n  Ctrl-C to stop.\n`);
} catch (error) {
  console.error(`[start] ${error.message}`);
  stop(1);
}
