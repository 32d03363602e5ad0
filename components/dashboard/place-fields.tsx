"use client";

import type { ChangeEvent } from "react";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { useBusinessCategories, useCountries } from "@/lib/queries/reference";

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
  return (
    <>
      <SelectField
        label="Business category"
        placeholder={categories.isPending ? "Loading categories…" : "Choose a category"}
        options={(categories.data ?? []).map((c) => ({ value: c.name, label: c.name }))}
        required
        {...field("business_category")}
      />
      <TextField label="Street address" autoComplete="street-address" required {...field("address")} />
      <div className="form-row">
        <TextField label="City" autoComplete="address-level2" required {...field("city")} />
        <TextField label="State or region" autoComplete="address-level1" required {...field("state")} />
      </div>
      <div className="form-row">
        <TextField label="Zip code" autoComplete="postal-code" required {...field("zip_code")} />
        <SelectField
          label="Country"
          placeholder={countries.isPending ? "Loading countries…" : "Choose a country"}
          options={(countries.data ?? []).map((c) => ({ value: c.name, label: c.name }))}
          required
          {...field("country_name")}
        />
      </div>
    </>
  );
}

export const BLANK_PLACE = { business_category: "", address: "", city: "", state: "", zip_code: "", country_name: "" };
