"use client";

import { useTranslations } from "next-intl";
import type { ChangeEvent } from "react";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { useBusinessCategories, useCountries } from "@/lib/browser/queries/reference";

type Field = (name: string) => {
  name: string;
  value: string;
  error?: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;
};

/** Category, street address, city, state, zip code and country: shared by businesses and addresses. */
export function PlaceFields({ field }: { field: Field }) {
  const categories = useBusinessCategories();
  const countries = useCountries();
  const t = useTranslations("dashboardMore.place");
  return (
    <>
      <SelectField
        label={t("category")}
        placeholder={categories.isPending ? t("loadingCategories") : t("chooseCategory")}
        options={(categories.data ?? []).map((c) => ({ value: c.name, label: c.name }))}
        required
        {...field("business_category")}
      />
      <TextField label={t("street")} autoComplete="street-address" required {...field("address")} />
      <div className="form-row">
        <TextField label={t("city")} autoComplete="address-level2" required {...field("city")} />
        <TextField label={t("state")} autoComplete="address-level1" required {...field("state")} />
      </div>
      <div className="form-row">
        <TextField label={t("zip")} autoComplete="postal-code" required {...field("zip_code")} />
        <SelectField
          label={t("country")}
          placeholder={countries.isPending ? t("loadingCountries") : t("chooseCountry")}
          options={(countries.data ?? []).map((c) => ({ value: c.name, label: c.name }))}
          required
          {...field("country_name")}
        />
      </div>
    </>
  );
}

export const BLANK_PLACE = { business_category: "", address: "", city: "", state: "", zip_code: "", country_name: "" };
