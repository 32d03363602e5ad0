// The scale bench's targets (bench/scale.mts) and how a measured row is checked against them.

/** The small owner's scans: the history each call at the big size is compared with. */
export const SMALL = 10_000;

/** From this size on, the analytics reads are held to their 10M target instead of 1M's. */
export const TEN_MILLION = 10_000_000;

/**
 * writeP95 is the aim on a quiet machine; the gate allows writeP95Gate, as runs on a shared one
 * vary. A write at 1M may take at most writeGrowth times its median at 10k.
 */
export const TARGET = {
  readP95: 50,
  /** The analytics reads with the big owner at 10M scans (BENCH_BIG_SCANS): p95 only. */
  analyticsP95At10M: 100,
  growth: 2,
  writeP95: 15,
  writeP95Gate: 25,
  writeGrowth: 1.5,
  writesPerCall: 1,
  firstByte: 300,
  rssGrowthMb: 50,
};

export type Measured = {
  name: string;
  kind: "read" | "write";
  size: number;
  p50_ms: number;
  p95_ms: number;
  bytes: number;
  /** Writes: scan rows the series added ÷ the calls it made (1 when every call wrote its scan). */
  writes_per_call?: number;
  /** A call of the series failed (its status and answer): the row is missed at either size. */
  error?: string;
};

/**
 * A row's targets. Writes at either size: at least one scan row per call. At the big size, reads:
 * p95 and growth over the same call at 10k (`base`); writes: p95 within the gate, and the median at
 * most writeGrowth times 10k's.
 */
export function check(r: Measured, base: Measured | undefined) {
  const notes: string[] = [];
  const missed: string[] = [];
  const target = (ok: boolean, note: string, miss: string) => {
    notes.push(note);
    if (!ok) missed.push(miss);
  };
  if (r.error) {
    target(false, "answered", `failed: ${r.error}`);
    return { ok: false, notes, missed };
  }
  if (r.kind === "write") {
    const writes = r.writes_per_call ?? 0;
    target(
      writes >= TARGET.writesPerCall,
      `${TARGET.writesPerCall}+ write/call`,
      `${writes} scan rows written per call (≥ ${TARGET.writesPerCall}: a call that answers without writing is not a write)`,
    );
  }
  if (r.size === SMALL) return { ok: missed.length === 0, notes, missed };
  if (r.kind === "read" && r.size >= TEN_MILLION && r.name.startsWith("analytics-")) {
    target(
      r.p95_ms <= TARGET.analyticsP95At10M,
      `p95 ≤ ${TARGET.analyticsP95At10M} at 10M`,
      `p95 ${r.p95_ms} ms (≤ ${TARGET.analyticsP95At10M} at 10M)`,
    );
    if (base) notes.push(`${(r.p50_ms / base.p50_ms).toFixed(2)}× 10k`);
    return { ok: missed.length === 0, notes, missed };
  }
  const [p95, growth] = r.kind === "read" ? [TARGET.readP95, TARGET.growth] : [TARGET.writeP95Gate, TARGET.writeGrowth];
  target(
    r.p95_ms <= p95,
    r.kind === "read" ? `p95 ≤ ${p95}` : `p95 ≤ ${p95} (aim ${TARGET.writeP95})`,
    `p95 ${r.p95_ms} ms (≤ ${p95})`,
  );
  if (base) {
    const ratio = r.p50_ms / base.p50_ms;
    target(
      ratio <= growth,
      `${ratio.toFixed(2)}× 10k (≤ ${growth}×)`,
      `p50 ${r.p50_ms} ms is ${ratio.toFixed(2)}× its ${base.p50_ms} ms at 10k (≤ ${growth}×)`,
    );
  }
  return { ok: missed.length === 0, notes, missed };
}
