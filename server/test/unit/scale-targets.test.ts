import { check, SMALL, type Measured } from "../../../bench/scale-targets";

// The scale bench's gates: a write that answers without writing fails, and so does a
// write that grows with the history.
const row = (fields: Partial<Measured>): Measured => ({
  name: "self-scan (qr-code-scanner, QR)",
  kind: "write",
  size: 1_000_000,
  p50_ms: 8,
  p95_ms: 12,
  bytes: 300,
  writes_per_call: 1,
  ...fields,
});

it("fails a write series that wrote less than one scan row per call, at either size", () => {
  expect(check(row({ size: SMALL, writes_per_call: 0 }), undefined).missed).toEqual([
    expect.stringMatching(/^0 scan rows written per call/),
  ]);
  expect(check(row({ writes_per_call: 0.5 }), row({ size: SMALL })).ok).toBe(false);
  expect(check(row({ size: SMALL }), undefined)).toMatchObject({ ok: true, missed: [] });
  expect(check(row({ writes_per_call: undefined }), undefined).ok).toBe(false);
});

it("fails a write at 1M slower than 1.5× its median at 10k, or with a p95 over 25 ms", () => {
  const base = row({ size: SMALL, p50_ms: 6 });
  expect(check(row({ p50_ms: 9 }), base).ok).toBe(true); // 1.5×
  expect(check(row({ p50_ms: 9.1 }), base).missed).toEqual([expect.stringMatching(/1\.52× its 6 ms at 10k/)]);
  expect(check(row({ p95_ms: 25 }), base).ok).toBe(true);
  expect(check(row({ p95_ms: 25.1 }), base).missed).toEqual(["p95 25.1 ms (≤ 25)"]);
});

it("keeps the reads' targets: p95 50 ms and at most twice the median at 10k", () => {
  const read = (fields: Partial<Measured>) => row({ kind: "read", writes_per_call: undefined, ...fields });
  expect(check(read({ p50_ms: 12 }), read({ size: SMALL, p50_ms: 6 })).ok).toBe(true);
  expect(check(read({ p50_ms: 13 }), read({ size: SMALL, p50_ms: 6 })).ok).toBe(false);
  expect(check(read({ p95_ms: 51 }), undefined).ok).toBe(false);
});

it("holds the analytics reads at 10M scans to p95 100 ms, and only them", () => {
  const read = (fields: Partial<Measured>) =>
    row({ kind: "read", writes_per_call: undefined, size: 10_000_000, ...fields });
  const base = read({ name: "analytics-rfm", size: SMALL, p50_ms: 5 });
  expect(check(read({ name: "analytics-rfm", p50_ms: 40, p95_ms: 100 }), base).ok).toBe(true);
  expect(check(read({ name: "analytics-rfm", p95_ms: 101 }), base).missed).toEqual(["p95 101 ms (≤ 100 at 10M)"]);
  expect(check(read({ name: "scan-list page 1", p95_ms: 60 }), undefined).ok).toBe(false);
  expect(check(read({ name: "analytics-rfm", size: 1_000_000, p95_ms: 60 }), undefined).ok).toBe(false);
});

it("fails a row whose calls failed, at either size", () => {
  const failed = row({ kind: "read", name: "analytics-lift (30 days)", error: "503 unavailable", p50_ms: NaN });
  expect(check(failed, undefined).missed).toEqual(["failed: 503 unavailable"]);
  expect(check({ ...failed, size: SMALL }, undefined).ok).toBe(false);
});
