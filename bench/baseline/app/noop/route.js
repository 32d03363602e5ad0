// The floor of a BFF call (bench/cpu.mts): a route handler that does nothing, in the same Next.js
// setup behind the same web server. Part of the benchmark's baseline app only, never of the product.
export function POST() {
  return Response.json({ status: true, message: "OK", data: null });
}
