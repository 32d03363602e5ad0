"use client";

import { useLocale, useTranslations } from "next-intl";
import type { ProgrammeWords } from "@/contract/programme";

/** A balance's words (contract/programme.ts) in the page's language, from the web's catalogue. */
export function useProgrammeWords(): ProgrammeWords {
  const t = useTranslations("kinds.words");
  const locale = useLocale();
  return {
    locale,
    stamps: (count) => t("stamps", { count }),
    points: (count) => t("points", { count }),
    stampsOf: (stamps, required) => t("stampsOf", { stamps, required }),
    pointsTo: (amount, remaining, title) => t("pointsTo", { amount, remaining, title }),
    toSpend: (amount) => t("toSpend", { amount }),
    visits: (count) => t("visits", { count }),
    visitsLeft: (left, included) => t("visitsLeft", { left, included }),
  };
}
