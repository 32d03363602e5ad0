"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { clearDraft } from "@/lib/browser/payments/local";
import { leadToSlotFee } from "@/lib/browser/payments/slot-fee";
import { useId } from "react";
import toast from "react-hot-toast";
import { FormActions } from "@/components/ui/form-actions";
import { SelectField } from "@/components/ui/select-field";
import { addressForm, type Address } from "@/contract/address";
import type { Business } from "@/contract/business";
import { useSaveAddress } from "@/lib/browser/queries/addresses";
import { useContractForm } from "@/lib/browser/use-contract-form";
import { BLANK_PLACE, PlaceFields } from "../place-fields";
import { CoordinatesFields } from "./coordinates-fields";

/** Add a location to a business, or edit one. */
export function AddressForm({
  address,
  businesses,
  businessId,
  draft,
  onDone,
}: {
  address?: Address;
  businesses: Business[];
  /** Preselected business (the list's filter) for a new address. */
  businessId?: number;
  /** What the owner typed before paying the extra-slot fee (a new address only). */
  draft?: Record<string, string> | null;
  onDone: () => void;
}) {
  const save = useSaveAddress();
  const router = useRouter();
  const headingId = useId();
  const t = useTranslations("dashboardMore.address");
  const initial = address
    ? {
        business_id: String(address.business_id),
        business_category: address.business_category,
        address: address.address,
        city: address.city,
        state: address.state,
        zip_code: address.zip_code,
        country_name: address.country_name,
        latitude: address.latitude === null ? "" : String(address.latitude),
        longitude: address.longitude === null ? "" : String(address.longitude),
      }
    : { business_id: businessId ? String(businessId) : "", ...BLANK_PLACE, latitude: "", longitude: "", ...draft };
  const form = useContractForm(addressForm, initial, async (values) => {
    let result;
    try {
      result = await save.mutateAsync({ ...values, id: address?.id });
    } catch (error) {
      const typed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)]));
      if (!address && leadToSlotFee(error, "address", typed, router.push)) return;
      throw error;
    }
    if (!address) clearDraft("address");
    toast.success(result.message);
    onDone();
  });

  // A new location usually shares its business's category and country: fill them in.
  const businessField = form.field("business_id");
  const onBusiness: typeof businessField.onChange = (event) => {
    businessField.onChange(event);
    const chosen = businesses.find((b) => String(b.id) === event.target.value);
    if (chosen && !address) {
      form.setValues((v) => ({
        ...v,
        business_category: v.business_category || chosen.business_category,
        country_name: v.country_name || chosen.country_name,
      }));
    }
  };

  return (
    <section className="card form-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{address ? t("editHeading") : t("addHeading")}</h2>
      <form className="form" {...form.formProps}>
        <SelectField
          label={t("business")}
          placeholder={t("chooseBusiness")}
          options={businesses.map((b) => ({ value: String(b.id), label: b.business_name }))}
          required
          {...businessField}
          onChange={onBusiness}
        />
        <PlaceFields field={form.field} />
        <CoordinatesFields form={form} />
        <FormActions submit={address ? t("save") : t("add")} busy={form.busy} onCancel={onDone} />
      </form>
    </section>
  );
}
