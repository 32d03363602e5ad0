import { cacheLife } from "next/cache";

/** The current year in a prerendered page: cached and refreshed daily rather than read per request. */
export async function CopyrightYear() {
  "use cache";
  cacheLife("days");
  return <>{new Date().getFullYear()}</>;
}
