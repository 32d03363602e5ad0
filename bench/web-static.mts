// Static pages against what Next.js costs: `GET /` and the legal pages on the
// product's web server, side by side in one run with a plain `next start` serving an empty page of
// the same Next.js version (a tiny app built in a temp dir under data/, on this checkout's node_modules). Both
// are loaded by the same client (autocannon, as a browser asks: compressed), in alternating rounds;
// the figures are each side's median over the rounds, with their spread (min–max).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { run, waitForUrl } from "../scripts/lib/run.mjs";
import { freePort } from "./servers.mjs";
import { BROWSER_ENCODINGS, load, type LoadResult } from "./web-measure.mjs";

export const STATIC_PAGES = ["/", "/privacy-policy", "/terms-condition"];
const TARGET_RATIO = 0.8;
const ROUNDS = Number(process.env.BENCH_WEB_ROUNDS || 3);
const SECONDS = Number(process.env.BENCH_WEB_SECONDS || 10);

const EMPTY_APP: Record<string, string> = {
  "app/layout.jsx":
    'export default function RootLayout({ children }) {\n  return (\n    <html lang="en">\n      <body>{children}</body>\n    </html>\n  );\n}\n',
  "app/page.jsx": "export default function Page() {\n  return <main />;\n}\n",
  "next.config.mjs": "export default {};\n",
};

/** Builds and starts `next start` on an empty page; answers its URL and a function that stops it. */
export async function startPlainNext(): Promise<{ url: string; stop: () => void }> {
  // Under this checkout (data/ is not tracked): Turbopack resolves `next` only inside the workspace
  // root it finds by the nearest lockfile, so a temp dir elsewhere could not use this installation.
  fs.mkdirSync("data", { recursive: true });
  const dir = fs.mkdtempSync(path.resolve("data", "bench-empty-next-"));
  for (const [file, text] of Object.entries(EMPTY_APP)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  const nextBin = path.resolve("node_modules/next/dist/bin/next");
  console.log("[bench] building an empty Next.js app…");
  await run(process.execPath, [nextBin, "build", dir], { env: { ...process.env, NODE_ENV: "production" } });
  const port = await freePort();
  const child = spawn(process.execPath, [nextBin, "start", dir, "-p", String(port), "-H", "127.0.0.1"], {
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForUrl(`${url}/`, 60_000, () => child.exitCode === null);
  return {
    url,
    stop: () => {
      try {
        process.kill(-child.pid!, "SIGTERM");
      } catch {
        // already gone
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const spread = (values: number[]) => `${Math.min(...values)}–${Math.max(...values)}`;

/**
 * Loads the plain Next.js page and each static page of `web` in alternating rounds; prints each
 * one's median req/s and p99 with their spread, and the ratio of medians. Answers the number of
 * pages that missed the target.
 */
export async function staticPagesAgainstNext(web: string, plainNext: string): Promise<number> {
  const targets = [`${plainNext}/`, ...STATIC_PAGES.map((page) => `${web}${page}`)];
  const results = targets.map((): LoadResult[] => []);
  for (const target of targets) await load(target, BROWSER_ENCODINGS, 3); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, target] of targets.entries()) results[i]!.push(await load(target, BROWSER_ENCODINGS, SECONDS));
  }
  console.log(
    `\nStatic pages against plain \`next start\` (empty page, same Next.js), as browsers ask (compressed); ` +
      `autocannon ${SECONDS} s, 50 connections, medians of ${ROUNDS} alternating rounds (spread min–max)`,
  );
  const figures = (all: LoadResult[]) =>
    `${median(all.map((r) => r.rps))} req/s (${spread(all.map((r) => r.rps))})  ` +
    `p99 ${median(all.map((r) => r.p99))} ms (${spread(all.map((r) => r.p99))})`;
  const base = results[0]!;
  const baseRps = median(base.map((r) => r.rps));
  console.log(`     ${"plain next start, empty page".padEnd(34)} ${figures(base)}`);
  let missed = 0;
  for (const [i, page] of STATIC_PAGES.entries()) {
    const all = results[i + 1]!;
    const ratio = median(all.map((r) => r.rps)) / baseRps;
    const faults = all.reduce((n, r) => n + r.non2xx + r.errors, 0);
    const ok = ratio >= TARGET_RATIO && faults === 0;
    if (!ok) missed++;
    console.log(
      `${ok ? "ok  " : "FAIL"} ${page.padEnd(34)} ${figures(all)}  ` +
        `${ratio.toFixed(2)}× (target ≥ ${TARGET_RATIO}×; non-2xx and errors ${faults})`,
    );
  }
  return missed;
}
