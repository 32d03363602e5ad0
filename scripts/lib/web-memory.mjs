// The web server's memory settings (issue 17 §2: ≤ 150 MB RSS after 1,000 mixed page views, as
// `npm run bench` measures in bench/memory.mts). Without them V8 lets the heap grow lazily to
// 250–280 MB although ~50 MB of it is live: a 4 MB young generation instead of 32 MB, an old
// generation collected before it passes 128 MB (2.5× what the server keeps alive), and two malloc
// arenas instead of one per thread (zlib and brotli run on libuv's threads).
// Every way of starting the production web server uses these: scripts/start.mjs, `npm run
// start:web` (package.json repeats the flags), scripts/cluster/cluster.mjs, the benchmarks.

/** Node flags, before the script. */
export const WEB_NODE_FLAGS = ["--max-semi-space-size=2", "--max-old-space-size=128"];

/** Environment for the process (glibc's allocator; ignored elsewhere). */
export const WEB_MEMORY_ENV = { MALLOC_ARENA_MAX: "2" };
