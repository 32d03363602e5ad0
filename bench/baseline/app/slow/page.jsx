import { connection } from "next/server";
import { Suspense } from "react";

// A page with a slow Suspense hole (bench/web.mts measures its time to first byte): the shell is
// prerendered, the hole renders per request and takes a second, as a slow API answer would.
async function SlowPart() {
  await connection();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return <p>The slow part, a second later.</p>;
}

export default function Page() {
  return (
    <main>
      <h1>Slow hole</h1>
      <Suspense fallback={<p>Loading…</p>}>
        <SlowPart />
      </Suspense>
    </main>
  );
}
