"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useId, useMemo, useState } from "react";
import toast from "react-hot-toast";
import { Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { TextField } from "@/components/ui/text-field";
import { ApiError } from "@/lib/browser/api-client";
import { businessForm, DEFAULT_FRAUD_THRESHOLD, MAX_FRAUD_THRESHOLD, type Business } from "@/contract/business";
import { imageFile } from "@/contract/files";
import { DEFAULT_MAX_PURCHASE, hundredthsText, MAX_AMOUNT_MAJOR } from "@/contract/money";
import { messages } from "@/contract/envelope";
import { useSaveBusiness } from "@/lib/browser/queries/businesses";
import { useContractForm } from "@/lib/browser/use-contract-form";
import { clearDraft } from "@/lib/browser/payments/local";
import { leadToSlotFee } from "@/lib/browser/payments/slot-fee";
import { BLANK_PLACE, PlaceFields } from "../place-fields";
import { CurrencyField } from "./currency-field";

const logoRule = imageFile("business logo");

/** Add a business, or edit one: the fields and the logo go as one multipart form. */
export function BusinessForm({
  business,
  draft,
  onDone,
}: {
  business?: Business;
  /** What the owner typed before paying the extra-slot fee (a new business only). */
  draft?: Record<string, string> | null;
  onDone: () => void;
}) {
  const save = useSaveBusiness();
  const router = useRouter();
  const [logo, setLogo] = useState<File | null>(null);
  const logoId = useId();
  const t = useTranslations("dashboardMore.business");
  const initial = business
    ? {
        business_name: business.business_name,
        business_category: business.business_category,
        address: business.address,
        city: business.city,
        state: business.state,
        zip_code: business.zip_code,
        country_name: business.country_name,
        fraud_threshold: String(business.fraud_threshold),
        currency: business.currency ?? "",
        max_purchase_amount: business.max_purchase_amount,
      }
    : {
        business_name: "",
        ...BLANK_PLACE,
        fraud_threshold: String(DEFAULT_FRAUD_THRESHOLD),
        currency: "",
        max_purchase_amount: DEFAULT_MAX_PURCHASE,
        ...draft,
      };

  const form = useContractForm(businessForm, initial, async (values) => {
    const checked = logoRule.safeParse(logo ?? undefined);
    if (!checked.success) {
      const message = checked.error.issues[0]?.message ?? t("otherImage");
      throw new ApiError(422, messages.invalidInput, { business_logo: [message] });
    }
    const fields = {
      ...values,
      fraud_threshold: String(values.fraud_threshold),
      currency: values.currency ?? "",
      max_purchase_amount: values.max_purchase_amount === undefined ? "" : hundredthsText(values.max_purchase_amount),
    };
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    if (business) body.append("id", String(business.id));
    if (logo) body.append("business_logo", logo);
    let result;
    try {
      result = await save.mutateAsync(body);
    } catch (error) {
      // Beyond the plan's allowance: pay the fee, then come back to this form as typed.
      if (!business && leadToSlotFee(error, "business", fields, router.push)) return;
      throw error;
    }
    if (!business) clearDraft("business");
    toast.success(result.message);
    onDone();
  });

  // The preview of a chosen file is an object URL, released when replaced or unmounted.
  const chosen = useMemo(() => (logo ? URL.createObjectURL(logo) : null), [logo]);
  useEffect(() => () => void (chosen && URL.revokeObjectURL(chosen)), [chosen]);
  const preview = chosen ?? business?.business_logo ?? null;

  const logoError = form.errors.business_logo;
  const heading = business ? t("editHeading", { name: business.business_name }) : t("addHeading");
  return (
    <section className="card form-card" aria-labelledby={`${logoId}-heading`}>
      <h2 id={`${logoId}-heading`}>{heading}</h2>
      <form className="form" {...form.formProps}>
        <TextField label={t("name")} autoComplete="organization" required {...form.field("business_name")} />
        <Field
          id={logoId}
          label={t("logo")}
          hint={
            <>
              {t("logoHint")} {business ? t("logoKeep") : t("optional")}
            </>
          }
          error={logoError}
          control={(wiring) => (
            <div className="logo-picker">
              {preview ? (
                // eslint-disable-next-line @next/next/no-img-element -- a local object URL or our own /api/files URL
                <img src={preview} alt="" className="logo logo-large" />
              ) : (
                <span className="logo logo-large logo-empty" aria-hidden="true" />
              )}
              <input
                {...wiring}
                name="business_logo"
                type="file"
                accept="image/png,image/jpeg,image/webp"
                onChange={(event) => setLogo(event.target.files?.[0] ?? null)}
              />
            </div>
          )}
        />
        <PlaceFields field={form.field} />
        <CurrencyField {...form.field("currency")} />
        <TextField
          label={t("fraudThreshold")}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_FRAUD_THRESHOLD}
          hint={t("fraudHint")}
          {...form.field("fraud_threshold")}
        />
        <TextField
          label={t("maxPurchase")}
          type="number"
          inputMode="decimal"
          step="0.01"
          min={0.01}
          max={MAX_AMOUNT_MAJOR}
          hint={t("maxPurchaseHint")}
          {...form.field("max_purchase_amount")}
        />
        <FormActions submit={business ? t("save") : t("add")} busy={form.busy} onCancel={onDone} />
      </form>
    </section>
  );
}
