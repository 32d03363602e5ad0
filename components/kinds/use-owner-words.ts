"use client";

import { useTranslations } from "next-intl";
import { useDashboardDetails } from "@/lib/browser/queries/dashboard";
import { ownerWords } from ".";

/** The owner's shared words (kinds.<kind> or kinds.mixed) for the programmes the owner runs. */
export function useOwnerWords() {
  const details = useDashboardDetails();
  return useTranslations(ownerWords(details.data?.programmes));
}
