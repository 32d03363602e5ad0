// Measurements of the web benchmark (bench/web.mts): first-load JavaScript, Lighthouse, load.
import http from "node:http";
import autocannon from "autocannon";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

/** Raw bytes of a response as sent with gzip accepted (Node's fetch would decompress them). */
function compressedBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "gzip, br" } }, (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => (bytes += chunk.length));
        response.on("end", () => resolve(bytes));
      })
      .on("error", reject);
  });
}

/**
 * The JavaScript a first visit downloads: every script the HTML loads, except `nomodule` ones
 * (polyfills only old browsers fetch), compressed as the server sends them.
 */
export async function firstLoadJs(pageUrl: string): Promise<number> {
  const html = await (await fetch(pageUrl)).text();
  const sources = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>/g)) {
    const attributes = match[1]!;
    const src = attributes.match(/\bsrc="([^"]+)"/)?.[1];
    if (src && !/\bnomodule\b/i.test(attributes)) sources.add(new URL(src, pageUrl).href);
  }
  let total = 0;
  for (const src of sources) total += await compressedBytes(src);
  return total;
}

export type LighthouseResult = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  failing: string[];
};

/** Lighthouse's mobile run (its default form factor and throttling) in Debian's Chromium. */
export async function runLighthouse(url: string): Promise<LighthouseResult> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const failing = Object.values(categories)
      .filter((category) => category.id !== "performance")
      .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0).map((ref) => audits[ref.id]!))
      .filter((audit) => audit.score !== null && audit.score < 1)
      .map((audit) => audit.id);
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      lcpMs: Math.round(audits["largest-contentful-paint"]?.numericValue ?? 0),
      failing,
    };
  } finally {
    chrome.kill();
  }
}

/** Runs per page: with three, one slow run of two could still decide a page's figures here. */
export const LIGHTHOUSE_RUNS = 5;

/** A page's figures over several runs: each score and the LCP as their medians, and every run's LCP. */
export type LighthouseSummary = LighthouseResult & { lcpRuns: number[] };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Lighthouse `runs` times on each page, in rounds (every page once, then again), so a slow spell of
 * this shared machine falls on every page alike rather than on whichever page's turn it was. One
 * run's LCP here varies by ±40 %: it depends on whether the framework's scripts ran before the first
 * paint, which Lighthouse's simulation then counts or not. Lighthouse's own guidance is the median
 * of several runs; each score and the LCP are medians, and the failing audits are every run's.
 */
export async function lighthouseRounds(urls: string[], runs = LIGHTHOUSE_RUNS): Promise<LighthouseSummary[]> {
  const results = urls.map((): LighthouseResult[] => []);
  for (let round = 0; round < runs; round++) {
    for (const [i, url] of urls.entries()) results[i]!.push(await runLighthouse(url));
  }
  return results.map((all) => ({
    performance: median(all.map((r) => r.performance)),
    accessibility: median(all.map((r) => r.accessibility)),
    bestPractices: median(all.map((r) => r.bestPractices)),
    seo: median(all.map((r) => r.seo)),
    lcpMs: median(all.map((r) => r.lcpMs)),
    lcpRuns: all.map((r) => r.lcpMs),
    failing: [...new Set(all.flatMap((r) => r.failing))],
  }));
}

export type LoadResult = { rps: number; p50: number; p99: number; non2xx: number; errors: number };

/** What a phone's browser says it accepts: every browser asks for compressed pages. */
export const BROWSER_ENCODINGS = { "accept-encoding": "gzip, deflate, br, zstd" };

/** GET `url` for `seconds` with `connections` at once (autocannon), with these request headers. */
export async function load(
  url: string,
  headers: Record<string, string> = {},
  seconds = 10,
  connections = 50,
): Promise<LoadResult> {
  const result = await autocannon({ url, headers, duration: seconds, connections });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
