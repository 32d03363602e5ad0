// `npm start`: builds what is stale, then runs the API server and the Next.js server together.
// `npm run dev`: the same with hot reload (tsx watch + next dev). Ctrl-C stops both.
import { spawn } from "node:child_process";
import fs from "node:fs";
import { isStale, targets } from "./lib/build-state.mjs";
import { run, waitForUrl } from "./lib/run.mjs";

const dev = process.argv.includes("--dev");
if (fs.existsSync(".env")) process.loadEnvFile(".env");

const port = process.env.PORT || "3000";
const apiPort = process.env.API_PORT || "4000";
const apiHost = process.env.API_HOST || "127.0.0.1";
const apiUrl = `http://${apiHost === "0.0.0.0" ? "127.0.0.1" : apiHost}:${apiPort}/api`;
const env = {
  ...process.env,
  NODE_ENV: dev ? "development" : "production",
  API_PORT: apiPort,
  BACKEND_API_URL: process.env.BACKEND_API_URL || apiUrl,
  PUBLIC_APP_URL: process.env.PUBLIC_APP_URL || `http://localhost:${port}`,
};

const children = [];
let stopping = false;

function start(name, command, args) {
  const child = spawn(command, args, { env, stdio: "inherit" });
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
  for (const child of alive) child.kill("SIGTERM");
  const force = setTimeout(() => {
    for (const child of alive) child.kill("SIGKILL");
  }, 10_000).unref();
  Promise.all(alive.map((c) => new Promise((r) => c.once("exit", r)))).then(() => {
    clearTimeout(force);
    process.exit(code);
  });
}

process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

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
    ? start("API server", "npx", ["tsx", "watch", "server/src/main.ts"])
    : start("API server", process.execPath, ["--enable-source-maps", "server/dist/main.cjs"]);
  await waitForUrl(`${apiUrl}/health`, 60_000, () => api.exitCode === null);
  const web = start("Next.js", "npx", ["next", dev ? "dev" : "start", "-p", port]);
  await waitForUrl(`http://127.0.0.1:${port}/`, 120_000, () => web.exitCode === null);
  console.log(`\n  Ready on http://localhost:${port}  (API ${apiUrl})\n  Ctrl-C to stop.\n`);
} catch (error) {
  console.error(`[start] ${error.message}`);
  stop(1);
}
