/** Reference lists (seeded, the same for every owner): small and fixed, so not paginated. */
export type BusinessCategory = { id: number; name: string };
export type Country = { id: number; code: string; name: string };
