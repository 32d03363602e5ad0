"use client";

import { useTranslations } from "next-intl";
import type { FormEvent } from "react";
import { useBusinessOptions } from "@/lib/browser/queries/businesses";

/** What a filter form hands on: its filled-in fields, as the list call's query. */
export type FilterValues = Record<string, string>;

/** A filter form's submit handler: the fields left empty are no filter. */
export const submitFilters = (onApply: (filters: FilterValues) => void) => (event: FormEvent<HTMLFormElement>) => {
  event.preventDefault();
  const form = new FormData(event.currentTarget);
  onApply(Object.fromEntries([...form.entries()].filter(([, v]) => v !== "").map(([k, v]) => [k, String(v)])));
};

/**
 * The Business select of a filter form (My Scans, Customers), `business_id` in the query. Owners
 * only: staff cannot list businesses (they see their owner's rows of all of them).
 */
export function BusinessFilter({ id }: { id: string }) {
  const businesses = useBusinessOptions();
  const t = useTranslations("dashboard.filters");
  return (
    <div className="field">
      <label htmlFor={id}>{t("business")}</label>
      <select id={id} name="business_id" defaultValue="">
        <option value="">{t("allBusinesses")}</option>
        {(businesses.data ?? []).map((b) => (
          <option key={b.id} value={b.id}>
            {b.business_name}
          </option>
        ))}
      </select>
    </div>
  );
}
