// Measurements of the web benchmark (bench/web.mts): first-load JavaScript, Lighthouse, load.
import http from "node:http";
import { chromium, type Browser } from "@playwright/test";
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
  tbtMs: number;
  cls: number;
  failing: string[];
};

/** A page and the Cookie header its visitor sends (a signed-in owner, a customer with a card). */
export type Visit = { url: string; cookie?: string };

const CHROMIUM = process.env.CHROME_PATH || "/usr/bin/chromium";

/** Lighthouse's mobile run (its default form factor and throttling) in Debian's Chromium. */
export async function runLighthouse({ url, cookie }: Visit): Promise<LighthouseResult> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      ...(cookie && { extraHeaders: { Cookie: cookie } }),
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
      tbtMs: Math.round(audits["total-blocking-time"]?.numericValue ?? 0),
      cls: Math.round((audits["cumulative-layout-shift"]?.numericValue ?? 0) * 1000) / 1000,
      failing,
    };
  } finally {
    chrome.kill();
  }
}

/** Runs per page: with three, one slow run of two could still decide a page's figures here. */
export const LIGHTHOUSE_RUNS = 5;

/** The lowest and highest of a figure over the runs. */
export type Spread = [min: number, max: number];

/**
 * A page's figures over several runs: each as the median, with every run's LCP and the spread
 * (min–max) of the performance score, TBT and LCP.
 */
export type LighthouseSummary = LighthouseResult & {
  lcpRuns: number[];
  spread: { performance: Spread; tbtMs: Spread; lcpMs: Spread; cls: Spread };
};

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
export const spreadOf = (values: number[]): Spread => [Math.min(...values), Math.max(...values)];

/**
 * Lighthouse `runs` times on each page, in rounds (every page once, then again), so a slow spell of
 * this shared machine falls on every page alike rather than on whichever page's turn it was. One
 * run's LCP here varies by ±40 %: it depends on whether the framework's scripts ran before the first
 * paint, which Lighthouse's simulation then counts or not. Lighthouse's own guidance is the median
 * of several runs; each score and the LCP are medians, and the failing audits are every run's.
 */
export async function lighthouseRounds(
  pages: (string | Visit)[],
  runs = LIGHTHOUSE_RUNS,
): Promise<LighthouseSummary[]> {
  const visits = pages.map((page) => (typeof page === "string" ? { url: page } : page));
  const results = visits.map((): LighthouseResult[] => []);
  for (let round = 0; round < runs; round++) {
    for (const [i, visit] of visits.entries()) results[i]!.push(await runLighthouse(visit));
  }
  return results.map((all) => ({
    performance: median(all.map((r) => r.performance)),
    accessibility: median(all.map((r) => r.accessibility)),
    bestPractices: median(all.map((r) => r.bestPractices)),
    seo: median(all.map((r) => r.seo)),
    lcpMs: median(all.map((r) => r.lcpMs)),
    tbtMs: median(all.map((r) => r.tbtMs)),
    cls: median(all.map((r) => r.cls)),
    lcpRuns: all.map((r) => r.lcpMs),
    spread: {
      performance: spreadOf(all.map((r) => r.performance)),
      tbtMs: spreadOf(all.map((r) => r.tbtMs)),
      lcpMs: spreadOf(all.map((r) => r.lcpMs)),
      cls: spreadOf(all.map((r) => r.cls)),
    },
    failing: [...new Set(all.flatMap((r) => r.failing))],
  }));
}

async function withChromium<T>(work: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    return await work(browser);
  } finally {
    await browser.close();
  }
}

/** Lighthouse's mobile screen (a Moto G Power): what a phone shows decides what a page loads at once. */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/**
 * The JavaScript a phone's browser loads for a page: every script it fetches from navigation until
 * the network is idle (chunks the page imports as it starts and the routes its links prefetch
 * included, `nomodule` polyfills not, as a modern browser skips them), counted as the compressed
 * bytes of each response body. A fresh profile, without a service worker: a first visit.
 */
export async function jsAsLoaded({ url, cookie }: Visit): Promise<number> {
  return withChromium(async (browser) => {
    const context = await browser.newContext({
      ...PHONE,
      extraHTTPHeaders: cookie ? { cookie } : {},
      serviceWorkers: "block",
    });
    const page = await context.newPage();
    const scripts: Promise<number>[] = [];
    page.on("requestfinished", (request) => {
      if (request.resourceType() === "script") scripts.push(request.sizes().then((s) => s.responseBodySize));
    });
    await page.goto(url, { waitUntil: "networkidle" });
    const bytes = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
    await context.close();
    return bytes;
  });
}

/** Lighthouse's mobile profile (simulated slow 4G, 4× CPU slowdown), applied for real through CDP. */
const SLOW_4G = { latency: 150, downloadThroughput: (1638.4 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

/**
 * Milliseconds from navigation start until every control `selectors` names is in the page and
 * enabled (they are disabled until hydration), on the throttled mobile profile: Chromium slowed
 * through the DevTools protocol as Lighthouse's devtools throttling does, a fresh profile each run.
 * The time is the page's own clock (`performance.now()`, zero at navigation start), taken by a
 * MutationObserver the moment the last control becomes usable. `forbidden` (a string of a script
 * that must not load, such as a library's own message) is checked in every script fetched.
 */
export async function readyAfter(
  { url, cookie }: Visit,
  selectors: string[],
  forbidden?: string,
): Promise<{ ms: number; forbiddenLoaded: boolean }> {
  return withChromium(async (browser) => {
    const context = await browser.newContext({ ...PHONE, extraHTTPHeaders: cookie ? { cookie } : {} });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, ...SLOW_4G });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    const bodies: Promise<string>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") bodies.push(response.text().catch(() => ""));
    });
    // A string, not a function: tsx would wrap a function's inner functions in a helper the page lacks.
    await page.addInitScript(`{
      const wanted = ${JSON.stringify(selectors)};
      const usable = () => wanted.every((selector) => {
        const element = document.querySelector(selector);
        return element !== null && !element.disabled;
      });
      const observer = new MutationObserver(() => {
        if (window.__ready === undefined && usable()) {
          window.__ready = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document, { subtree: true, childList: true, attributes: true });
    }`);
    await page.goto(url, { waitUntil: "domcontentloaded" });
    await page.waitForFunction(() => (window as { __ready?: number }).__ready !== undefined, null, {
      timeout: 60_000,
    });
    const ms = await page.evaluate(() => Math.round((window as { __ready?: number }).__ready!));
    await page.waitForLoadState("networkidle");
    const forbiddenLoaded = forbidden ? (await Promise.all(bodies)).some((body) => body.includes(forbidden)) : false;
    await context.close();
    return { ms, forbiddenLoaded };
  });
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
