// `npm run bench` (memory part): resident memory of the production servers on the
// embedded database, read from /proc (Linux only).
// - The API server's peak RSS (VmHWM: the kernel's high-water mark, so no spike between two polls is
//   missed) on a first start (initdb, then the migrations) and on a second start of
//   the same data, each followed by a little traffic. Target ≤ 350 MB at all times.
// - The web server's peak RSS over its first start and 1,000 mixed page views (public pages, sign-in, dashboard sections
//   with a session, a card page, BFF calls). Target ≤ 150 MB.
import { mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  apiCall,
  benchFailed,
  bffCookie,
  DEMO,
  demoProgramme,
  ensureBuilt,
  freePort,
  startNode,
  stopAll,
  stopBench,
} from "./servers.mjs";
import { waitForUrl } from "../scripts/lib/run.mjs";

const API_TARGET_MB = 350;
const WEB_TARGET_MB = 150;
const PAGE_VIEWS = 1000;

/** VmRSS and VmHWM (peak) of a process in MB, or null once it is gone. */
function memory(pid: number): { rss: number; peak: number } | null {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return null;
  }
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

/** Direct children of a process (the API server's one-off database preparation). */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) found.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/**
 * Starts the API server on `dataDir` and follows its memory until it answers and has served some
 * calls: the peak of the server process itself, and (for the record) of any child it ran.
 */
async function apiStart(dataDir: string, programme?: { qrToken: string }) {
  const port = await freePort();
  const api = `http://127.0.0.1:${port}/api`;
  const started = Date.now();
  const child = startNode("server/dist/main.cjs", {
    API_PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO_USER: "true",
    RATE_LIMIT_FACTOR: "1000",
  });
  const pid = child.pid!;
  let childPeak = 0;
  const poll = setInterval(() => {
    for (const helper of childrenOf(pid)) childPeak = Math.max(childPeak, memory(helper)?.peak ?? 0);
  }, 20);
  try {
    await waitForUrl(`${api}/health`, 120_000, () => child.exitCode === null);
    const readyMs = Date.now() - started;
    // A little of everything the server does at first: sign-in (argon2), a programme, card joins, stamps.
    // The second start uses the first one's programme: the demo owner's plan allows no more businesses.
    const { token, qrToken } = programme
      ? { token: await apiCall<string>("POST", `${api}/login`, null, DEMO), qrToken: programme.qrToken }
      : await demoProgramme(api, 10);
    for (let i = 0; i < 20; i++) {
      const joined = await apiCall<{ card: { serial: string } }>("POST", `${api}/wallet-join`, null, {
        qr_token: qrToken,
        name: "Memory Bench",
        email: `memory-${i}-${Date.now()}@example.com`,
        consent: true,
      });
      await apiCall("POST", `${api}/qr-code-scanner`, token, { code: joined.card.serial });
    }
    return { api, pid, readyMs, qrToken, ...memory(pid)!, childPeak };
  } finally {
    clearInterval(poll);
  }
}

async function main() {
  if (process.platform !== "linux") {
    console.log("memory bench: Linux only (/proc); skipped");
    return;
  }
  await ensureBuilt();
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-memory-"));
  let failed = 0;
  const line = (ok: boolean, name: string, text: string) => {
    if (!ok) failed++;
    console.log(`${ok ? "ok  " : "FAIL"} ${name.padEnd(52)} ${text}`);
  };
  try {
    console.log("\nMemory (production builds, embedded database)");
    const first = await apiStart(dataDir);
    stopAll();
    await new Promise((r) => setTimeout(r, 1000));
    const second = await apiStart(dataDir, first);
    for (const [name, run] of [
      ["API server, first start (creates the database)", first],
      ["API server, second start", second],
    ] as const) {
      line(
        run.peak <= API_TARGET_MB,
        `${name}: peak RSS`,
        `${run.peak.toFixed(0)} MB (now ${run.rss.toFixed(0)} MB, ready in ${(run.readyMs / 1000).toFixed(1)} s` +
          `${run.childPeak ? `, its one-off database child peaked at ${run.childPeak.toFixed(0)} MB` : ""}; target ≤ ${API_TARGET_MB} MB)`,
      );
    }

    // The web server, on the API server still running.
    const webPort = await freePort();
    const web = `http://127.0.0.1:${webPort}`;
    const webChild = startNode("dist/web-server.cjs", {
      PORT: String(webPort),
      HOSTNAME: "127.0.0.1",
      BACKEND_API_URL: second.api,
      PUBLIC_APP_URL: web,
      DATA_DIR: dataDir,
      SESSION_SECRET: "bench-session-secret-0123456789-abcdefghijkl",
    });
    await waitForUrl(`${web}/login`, 120_000, () => webChild.exitCode === null);
    const startRss = memory(webChild.pid!)!.rss;
    const cookie = await bffCookie(web);
    const qrToken = second.qrToken;
    const views: [string, boolean][] = [
      ["/", false],
      ["/", true],
      ["/login", false],
      ["/register", false],
      ["/privacy-policy", false],
      ["/terms-condition", false],
      ["/dashboard/main", true],
      ["/dashboard/my-scans", true],
      ["/dashboard/business", true],
      ["/dashboard/rewards", true],
      ["/dashboard/profile", true],
      [`/add-to-wallet?qr_token=${qrToken}`, false],
      ["/api/user-profile", true],
      ["/api/dashboard-details", true],
      [`/?utm=${Math.random()}`, false],
    ];
    let errors = 0;
    for (let i = 0; i < PAGE_VIEWS; i++) {
      const [url, signedIn] = views[i % views.length]!;
      const unique = url.includes("utm=") ? `/?utm=${i}` : url;
      const res = await fetch(`${web}${unique}`, {
        headers: { "accept-encoding": "gzip", ...(signedIn && { cookie }) },
        redirect: "manual",
      });
      await res.arrayBuffer();
      if (res.status >= 500) errors++;
    }
    const after = memory(webChild.pid!)!;
    // The peak (VmHWM) covers the first start and every view since, not only where RSS ended up.
    line(
      after.peak <= WEB_TARGET_MB && errors === 0,
      `web server, first start and ${PAGE_VIEWS} mixed page views: peak RSS`,
      `${after.peak.toFixed(0)} MB (ready at ${startRss.toFixed(0)} MB, after the views ${after.rss.toFixed(0)} MB, ${errors} errors; target ≤ ${WEB_TARGET_MB} MB)`,
    );
    const api = memory(second.pid);
    if (api) {
      line(
        api.peak <= API_TARGET_MB,
        "API server after serving those views: peak RSS",
        `${api.peak.toFixed(0)} MB (now ${api.rss.toFixed(0)} MB; target ≤ ${API_TARGET_MB} MB)`,
      );
    }
  } finally {
    await stopBench(dataDir);
  }
  process.exit(failed > 0 ? 1 : 0);
}

main().catch(benchFailed);
