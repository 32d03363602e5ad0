// Static pages against what Next.js costs: `GET /` and the legal pages on the
// product's web server, side by side in one run with a plain `next start` serving an empty page of
// the same Next.js version (a tiny app built in a temp dir under data/, on this checkout's node_modules). Both
// are loaded by the same client (autocannon), as a browser asks (compressed) and without
// Accept-Encoding (curl, monitors, crawlers: the page uncompressed), in alternating rounds;
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

/** How a client asks: as browsers (compressed), or without Accept-Encoding (curl, monitors, crawlers). */
const CLIENTS: { name: string; headers: Record<string, string> }[] = [
  { name: "compressed", headers: BROWSER_ENCODINGS },
  { name: "no Accept-Encoding", headers: {} },
];

/**
 * Loads the plain Next.js page and each static page of `web` in alternating rounds, as each kind of
 * client asks; prints each one's median req/s and p99 with their spread, and the ratio of medians
 * against the plain page asked the same way. Answers the number of rows that missed the target.
 */
export async function staticPagesAgainstNext(web: string, plainNext: string): Promise<number> {
  const rows = CLIENTS.flatMap((client) =>
    [`${plainNext}/`, ...STATIC_PAGES.map((page) => `${web}${page}`)].map((url, i) => ({
      client,
      url,
      label: i === 0 ? "plain next start, empty page" : STATIC_PAGES[i - 1]!,
      base: i === 0,
    })),
  );
  const results = rows.map((): LoadResult[] => []);
  for (const row of rows) await load(row.url, row.client.headers, 3); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, row] of rows.entries()) results[i]!.push(await load(row.url, row.client.headers, SECONDS));
  }
  console.log(
    `\nStatic pages against plain \`next start\` (empty page, same Next.js), each asked as browsers ask ` +
      `(compressed) and without Accept-Encoding; autocannon ${SECONDS} s, 50 connections, medians of ${ROUNDS} ` +
      `alternating rounds (spread min–max)`,
  );
  const figures = (all: LoadResult[]) =>
    `${median(all.map((r) => r.rps))} req/s (${spread(all.map((r) => r.rps))})  ` +
    `p99 ${median(all.map((r) => r.p99))} ms (${spread(all.map((r) => r.p99))})`;
  let missed = 0;
  for (const client of CLIENTS) {
    console.log(`  ${client.name}:`);
    const baseIndex = rows.findIndex((row) => row.base && row.client === client);
    const baseRps = median(results[baseIndex]!.map((r) => r.rps));
    for (const [i, row] of rows.entries()) {
      if (row.client !== client) continue;
      const all = results[i]!;
      if (row.base) {
        console.log(`     ${row.label.padEnd(34)} ${figures(all)}`);
        continue;
      }
      const ratio = median(all.map((r) => r.rps)) / baseRps;
      const faults = all.reduce((n, r) => n + r.non2xx + r.errors, 0);
      const ok = ratio >= TARGET_RATIO && faults === 0;
      if (!ok) missed++;
      console.log(
        `${ok ? "ok  " : "FAIL"} ${row.label.padEnd(34)} ${figures(all)}  ` +
          `${ratio.toFixed(2)}× (target ≥ ${TARGET_RATIO}×; non-2xx and errors ${faults})`,
      );
    }
  }
  return missed;
}
