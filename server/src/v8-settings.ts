import v8 from "node:v8";

/**
 * V8 settings of the API server, set before anything else runs (main.ts imports this first; a
 * flag of this kind cannot go in NODE_OPTIONS).
 *
 * --no-allocation-site-pretenuring: V8 marks an allocation site "tenured" (its objects are then
 * allocated straight in the old generation) when one young-generation collection finds most of
 * the objects the site made since the last one still alive. An API server's objects live for a
 * request or a batch: a collection that falls while a batch of rows is being built sees them all
 * alive, the site is tenured for good, and from then on every object it makes is old-generation
 * garbage that only a full collection frees. Measured (issue 17) on the 1M-row scan export: the
 * old generation grew by the export's allocation rate, ~25 MB/s, up to V8's limit of about four
 * times the live heap before a full collection: the API's RSS +93 to +120 MB, in about half the
 * runs or in every run, depending on where the collections fell (--trace-pretenuring-statistics
 * showed the tenured sites). Without pretenuring the old generation stays flat (+1 MB over the
 * export, RSS +20 MB, the young generation growing back to its size after an idle shrink), and the
 * export is as fast (300k rows: 4.3 s against 4.5–4.7 s). What it gives up: an object that really
 * is long-lived is copied once or twice by the young collector before it reaches the old
 * generation, which for a server whose long-lived data is its modules, pools and caches is noise.
 */
v8.setFlagsFromString("--no-allocation-site-pretenuring");
