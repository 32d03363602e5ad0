export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** One string value of a query parameter ("" when absent or repeated). */
export async function param(searchParams: SearchParams, name: string): Promise<string> {
  const value = (await searchParams)[name];
  return typeof value === "string" ? value : "";
}
