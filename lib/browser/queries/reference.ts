"use client";

import { useQuery } from "@tanstack/react-query";
import { apiCall } from "@/lib/browser/api-client";
import { calls } from "@/contract/calls";
import type { BusinessCategory, Country } from "@/contract/lookups";

/** Reference lists change only when the operator edits the seed: fetched once per visit. */
const forever = { staleTime: Infinity, gcTime: Infinity } as const;

export function useBusinessCategories() {
  return useQuery({
    queryKey: ["category-list"],
    queryFn: async () => (await apiCall<BusinessCategory[]>(calls.categoryList)).data,
    ...forever,
  });
}

export function useCountries() {
  return useQuery({
    queryKey: ["country-list"],
    queryFn: async () => (await apiCall<Country[]>(calls.countryList)).data,
    ...forever,
  });
}
