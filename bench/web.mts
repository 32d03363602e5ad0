// `npm run bench` (second part): the public site on production builds, side by side with an empty
// page of the same Next.js setup (bench/baseline) as the floor Next.js and React cost:
// first-load JavaScript, Lighthouse mobile scores and LCP, and requests/s under load (for the record).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { isStale } from "../scripts/lib/build-state.mjs";
import { run, waitForUrl } from "../scripts/lib/run.mjs";
import { demoProgramme, ensureBuilt, freePort, startNode, startProduct, stopBench } from "./servers.mjs";
import { STATIC_PAGES, startPlainNext, staticPagesAgainstNext } from "./web-static.mjs";
import {
  BROWSER_ENCODINGS,
  firstLoadJs,
  LIGHTHOUSE_RUNS,
  load,
  lighthouseRounds,
  type LighthouseSummary,
} from "./web-measure.mjs";

const BASELINE_DIR = "bench/baseline";
// The baseline page, and what it shares with the app: the Next.js configuration and the global CSS.
const BASELINE_SOURCES = [BASELINE_DIR, "next.config.mjs", "app/styles", "package-lock.json"];
const KB = 1024;

let failed = 0;
let dataDir: string | undefined;
/** A page's name in the report: the card page without its token. */
const label = (page: string) => page.replace(/\?qr_token=.*/, "?qr_token=…");

function check(ok: boolean, line: string) {
  if (!ok) failed++;
  console.log(`${ok ? "ok  " : "FAIL"} ${line}`);
}

async function main() {
  await ensureBuilt();
  const baselineBuilt = path.join(BASELINE_DIR, ".next/BUILD_ID");
  if (!fs.existsSync(baselineBuilt) || isStale({ output: baselineBuilt, sources: BASELINE_SOURCES })) {
    console.log("[bench] building the baseline page…");
    await run("npx", ["next", "build", BASELINE_DIR], { env: { ...process.env, NODE_ENV: "production" } });
  }

  // A fresh database each run (the demo owner's businesses would pile up to the plan's limit).
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-web-"));
  const { api, web } = await startProduct(dataDir, { SEED_DEMO_USER: "true" });
  // The baseline behind the same web server, so both are compressed and policed alike.
  const base = `http://127.0.0.1:${await freePort()}`;
  startNode("dist/web-server.cjs", { PORT: new URL(base).port, HOSTNAME: "127.0.0.1", WEB_APP_DIR: BASELINE_DIR });
  await waitForUrl(`${base}/`, 60_000);
  // A new customer's first visit to a business QR code: the join form.
  const wallet = `/add-to-wallet?qr_token=${(await demoProgramme(api)).qrToken}`;
  // The build prerenders the public pages without the API (lib/server/site-data.ts): let them rebuild.
  for (const page of STATIC_PAGES) {
    for (let i = 0; i < 40 && (await (await fetch(`${web}${page}`)).text()).includes("could not be loaded"); i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  // Static pages against a plain `next start` of an empty page; `-- --static-only` stops there.
  const plain = await startPlainNext();
  try {
    failed += await staticPagesAgainstNext(web, plain.url);
  } finally {
    plain.stop();
  }
  if (process.argv.includes("--static-only")) return;

  console.log("\nFirst-load JavaScript (compressed, without nomodule polyfills)");
  const baseJs = await firstLoadJs(`${base}/`);
  console.log(`     baseline (empty page)                      ${(baseJs / KB).toFixed(1)} kB`);
  for (const [page, budget] of [
    ["/", 10],
    ["/privacy-policy", 10],
    ["/login", 25],
    ["/register", 25],
    [wallet, 20],
  ] as const) {
    const bytes = await firstLoadJs(`${web}${page}`);
    const over = (bytes - baseJs) / KB;
    check(
      over <= budget,
      `${label(page).padEnd(42)} ${(bytes / KB).toFixed(1)} kB (+${over.toFixed(1)} kB; target ≤ +${budget} kB)`,
    );
  }

  console.log(`\nLighthouse (mobile; medians of ${LIGHTHOUSE_RUNS} runs a page, taken in rounds over all pages)`);
  const show = (r: LighthouseSummary) =>
    `perf ${r.performance} a11y ${r.accessibility} bp ${r.bestPractices} seo ${r.seo} LCP ${r.lcpMs} ms`;
  const sitePages = ["/", "/login", "/privacy-policy"];
  const [baseLh, ...measured] = await lighthouseRounds([
    `${base}/`,
    ...sitePages.map((page) => `${web}${page}`),
    `${web}${wallet}`,
  ]);
  const card = measured.pop()!;
  const runsOf = (r: LighthouseSummary) => `\n     ${"".padEnd(42)} LCP of each run: ${r.lcpRuns.join(", ")} ms`;
  console.log(`     baseline (empty page)                      ${show(baseLh!)}${runsOf(baseLh!)}`);
  for (const [i, page] of sitePages.entries()) {
    const r = measured[i]!;
    const ok =
      r.performance >= 98 &&
      r.accessibility === 100 &&
      r.bestPractices === 100 &&
      r.seo === 100 &&
      r.lcpMs <= baseLh!.lcpMs * 1.2;
    check(
      ok,
      `${page.padEnd(42)} ${show(r)} (LCP ${(r.lcpMs / baseLh!.lcpMs).toFixed(2)}× baseline; targets perf ≥ 98, ` +
        `100/100/100, LCP ≤ 1.2×)${r.failing.length ? ` failing: ${r.failing.join(", ")}` : ""}${runsOf(r)}`,
    );
  }
  // The card page: a phone's first visit. It is deliberately not indexed (noindex), so
  // SEO's crawlable audit is not a target here.
  check(
    card.performance >= 98 && card.accessibility === 100 && card.bestPractices === 100,
    `${label(wallet).padEnd(42)} ${show(card)} (targets perf ≥ 98, a11y and bp 100)` +
      `${card.failing.length ? ` failing: ${card.failing.join(", ")}` : ""}${runsOf(card)}`,
  );

  // As a browser asks (compressed), the target; and uncompressed (no Accept-Encoding), for the record.
  for (const [name, headers] of [
    ["as browsers ask for it (Accept-Encoding: gzip, br)", BROWSER_ENCODINGS],
    ["uncompressed (no Accept-Encoding)", {}],
  ] as const) {
    console.log(`\nGET / under load, ${name} (autocannon, 10 s, 50 connections, after 3 s of warm-up each)`);
    await load(`${base}/`, headers, 3);
    const baseLoad = await load(`${base}/`, headers);
    console.log(
      `     baseline (empty page)                      ${baseLoad.rps} req/s  p50 ${baseLoad.p50} ms  p99 ${baseLoad.p99} ms`,
    );
    await load(`${web}/`, headers, 3);
    const home = await load(`${web}/`, headers);
    const ratio = home.rps / baseLoad.rps;
    const line =
      `${"/".padEnd(42)} ${home.rps} req/s  p50 ${home.p50} ms  p99 ${home.p99} ms  ` +
      `(${ratio.toFixed(2)}× baseline; non-2xx ${home.non2xx}, errors ${home.errors}`;
    // For the record: requests/s vary by ±40 % here; the target is the CPU per request (bench/cpu.mts).
    check(home.non2xx === 0 && home.errors === 0, `${line}; for the record)`);
  }
}

main()
  .catch((error: unknown) => {
    console.error(error);
    failed++;
  })
  .finally(async () => {
    if (dataDir) await stopBench(dataDir);
    process.exit(failed > 0 ? 1 : 0);
  });
