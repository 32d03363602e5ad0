// How the production web server is started, in one place. scripts/start.mjs (`npm start`),
// scripts/cluster/cluster.mjs, the end-to-end stack (playwright.config.ts, e2e/site.spec.ts),
// scripts/scan.mjs and the benchmarks (bench/servers.mts) import it; package.json's `start:web`
// and the Dockerfile's web CMD cannot, so server/test/unit/deployment.test.ts checks that they say
// the same, and that nothing else starts dist/web-server.cjs its own way.
//
// The memory settings (≤ 150 MB RSS at first start and after 1,000
// mixed page views, as `npm run bench` measures in bench/memory.mts). Without them V8 lets the heap
// grow lazily to 250–280 MB although ~55 MB of it is live: a 2 MB young generation instead of
// 32 MB, an old generation collected before it passes 96 MB, V8's memory-saving mode
// (--optimize-for-size: smaller code and heap; 174 MB → median 149), and two malloc arenas instead
// of one per thread (zlib and brotli run on libuv's threads).
// What was left was a spike of ~20 MB, not live data: TurboFan's compilation memory (V8's
// peak_malloced_memory 20–22 MB, against 4 MB without TurboFan) while it optimised React's and
// Next.js's large rendering functions with their callees inlined. TurboFan still optimises the hot
// small functions (the static fast path, http, streams), but not functions over 4 KB of bytecode,
// and without inlining: the spike is gone (peak malloc 4 MB) and the peak went from 136–151 MB
// (median 150) to 129–132 MB (median 131) in 5 alternating runs each, while requests/s of the
// static fast path and of rendered pages, and the 1,000 views' time, stayed within noise.
// (--no-opt did as well on memory but halved the fast path's requests/s.)
// No --enable-source-maps: Node then keeps the source map of every module it loads (+30 MB RSS
// after a few page views, measured on the built server), and the web server's own bundle is a thin
// layer over Next.js.

/** The built server (scripts/build-web-server.mjs). */
export const WEB_SERVER_SCRIPT = "dist/web-server.cjs";

/** Node flags, before the script. */
export const WEB_NODE_FLAGS = [
  "--max-semi-space-size=1",
  "--max-old-space-size=96",
  "--optimize-for-size",
  "--max-optimized-bytecode-size=4096",
  "--no-turbo-inlining",
];

/** Environment for the process (glibc's allocator; ignored elsewhere). */
export const WEB_MEMORY_ENV = { MALLOC_ARENA_MAX: "2" };

/** What follows `node`. */
export const WEB_SERVER_ARGS = [...WEB_NODE_FLAGS, WEB_SERVER_SCRIPT];

/** The same as a POSIX shell command line (package.json, Playwright's webServer). */
export const WEB_SERVER_COMMAND_LINE = [
  ...Object.entries(WEB_MEMORY_ENV).map(([name, value]) => `${name}=${value}`),
  "node",
  ...WEB_SERVER_ARGS,
].join(" ");
