// `npm run bench` (second part): the public site on production builds, side by side with an empty
// page of the same Next.js setup (bench/baseline) as the floor Next.js and React cost:
// first-load JavaScript, Lighthouse mobile scores and LCP, and requests/s under load.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { isStale, targets } from "../scripts/lib/build-state.mjs";
import { run, waitForUrl } from "../scripts/lib/run.mjs";
import { firstLoadJs, load, runLighthouse, type LighthouseResult } from "./web-measure.mjs";

const BASELINE_DIR = "bench/baseline";
const KB = 1024;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const children: ChildProcess[] = [];
function start(command: string, args: string[], env: Record<string, string>) {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: "ignore", detached: true });
  children.push(child);
  return child;
}
function stopAll() {
  for (const child of children) {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      // already gone
    }
  }
}

let failed = 0;
function check(ok: boolean, line: string) {
  if (!ok) failed++;
  console.log(`${ok ? "ok  " : "FAIL"} ${line}`);
}

async function main() {
  const production = { ...process.env, NODE_ENV: "production" };
  for (const [name, target] of Object.entries(targets)) {
    if (isStale(target)) {
      console.log(`[bench] building ${name}…`);
      await run("npm", target.command, { env: production });
    }
  }
  const baselineBuilt = path.join(BASELINE_DIR, ".next/BUILD_ID");
  if (
    !fs.existsSync(baselineBuilt) ||
    isStale({ output: baselineBuilt, sources: [BASELINE_DIR, "package-lock.json"] })
  ) {
    console.log("[bench] building the baseline page…");
    await run("npx", ["next", "build", BASELINE_DIR], { env: production });
  }

  const [apiPort, webPort, basePort] = [await freePort(), await freePort(), await freePort()];
  const dataDir = path.resolve("data/bench");
  fs.rmSync(path.join(dataDir, "db"), { recursive: true, force: true });
  const apiUrl = `http://127.0.0.1:${apiPort}/api`;
  start(process.execPath, ["server/dist/main.cjs"], {
    NODE_ENV: "production",
    API_PORT: String(apiPort),
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
  });
  await waitForUrl(`${apiUrl}/health`, 60_000);
  const web = `http://127.0.0.1:${webPort}`;
  const base = `http://127.0.0.1:${basePort}`;
  // The product as it runs in production: behind its own web server (CSP, client address).
  start(process.execPath, ["dist/web-server.cjs"], {
    NODE_ENV: "production",
    PORT: String(webPort),
    BACKEND_API_URL: apiUrl,
    DATA_DIR: dataDir,
  });
  // The baseline behind the same web server, so both are compressed and policed alike.
  start(process.execPath, ["dist/web-server.cjs"], {
    NODE_ENV: "production",
    PORT: String(basePort),
    WEB_APP_DIR: BASELINE_DIR,
  });
  await Promise.all([waitForUrl(`${web}/`, 60_000), waitForUrl(`${base}/`, 60_000)]);
  // The build prerenders the public pages without the API (lib/site-data.ts): let them rebuild.
  for (const page of ["/", "/privacy-policy"]) {
    for (let i = 0; i < 40 && (await (await fetch(`${web}${page}`)).text()).includes("could not be loaded"); i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  console.log("\nFirst-load JavaScript (compressed, without nomodule polyfills)");
  const baseJs = await firstLoadJs(`${base}/`);
  console.log(`     baseline (empty page)                      ${(baseJs / KB).toFixed(1)} kB`);
  for (const [page, budget] of [
    ["/", 10],
    ["/privacy-policy", 10],
    ["/login", 25],
    ["/register", 25],
  ] as const) {
    const bytes = await firstLoadJs(`${web}${page}`);
    const over = (bytes - baseJs) / KB;
    check(
      over <= budget,
      `${page.padEnd(42)} ${(bytes / KB).toFixed(1)} kB (+${over.toFixed(1)} kB; target ≤ +${budget} kB)`,
    );
  }

  console.log("\nLighthouse (mobile)");
  const show = (r: LighthouseResult) =>
    `perf ${r.performance} a11y ${r.accessibility} bp ${r.bestPractices} seo ${r.seo} LCP ${r.lcpMs} ms`;
  const baseLh = await runLighthouse(`${base}/`);
  console.log(`     baseline (empty page)                      ${show(baseLh)}`);
  for (const page of ["/", "/login", "/privacy-policy"]) {
    const r = await runLighthouse(`${web}${page}`);
    const ok =
      r.performance >= 98 &&
      r.accessibility === 100 &&
      r.bestPractices === 100 &&
      r.seo === 100 &&
      r.lcpMs <= baseLh.lcpMs * 1.2;
    check(
      ok,
      `${page.padEnd(42)} ${show(r)} (LCP ${(r.lcpMs / baseLh.lcpMs).toFixed(2)}× baseline; targets perf ≥ 98, ` +
        `100/100/100, LCP ≤ 1.2×)${r.failing.length ? ` failing: ${r.failing.join(", ")}` : ""}`,
    );
  }

  console.log("\nGET / under load (autocannon, 10 s, 50 connections)");
  const baseLoad = await load(`${base}/`);
  console.log(
    `     baseline (empty page)                      ${baseLoad.rps} req/s  p50 ${baseLoad.p50} ms  p99 ${baseLoad.p99} ms`,
  );
  const home = await load(`${web}/`);
  const ratio = home.rps / baseLoad.rps;
  check(
    ratio >= 0.8 && home.non2xx === 0 && home.errors === 0,
    `${"/".padEnd(42)} ${home.rps} req/s  p50 ${home.p50} ms  p99 ${home.p99} ms  ` +
      `(${ratio.toFixed(2)}× baseline; target ≥ 0.8×; non-2xx ${home.non2xx}, errors ${home.errors})`,
  );
}

main()
  .catch((error: unknown) => {
    console.error(error);
    failed++;
  })
  .finally(() => {
    stopAll();
    process.exit(failed > 0 ? 1 : 0);
  });
