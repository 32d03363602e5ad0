"use client";

import { useQuery } from "@tanstack/react-query";
import { callApi } from "@/lib/browser/api-client";
import { calls } from "@/contract/browser-calls";

/** Reference lists change only when the operator edits the seed: fetched once per visit. */
const forever = { staleTime: Infinity, gcTime: Infinity } as const;

export function useBusinessCategories() {
  return useQuery({
    queryKey: ["category-list"],
    queryFn: async () => (await callApi(calls.categoryList)).data,
    ...forever,
  });
}

export function useCountries() {
  return useQuery({
    queryKey: ["country-list"],
    queryFn: async () => (await callApi(calls.countryList)).data,
    ...forever,
  });
}
