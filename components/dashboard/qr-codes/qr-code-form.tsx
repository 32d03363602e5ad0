"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import toast from "react-hot-toast";
import { FormActions } from "@/components/ui/form-actions";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { generateQrBody } from "@/contract/qr-codes";
import { useAddressOptions } from "@/lib/browser/queries/addresses";
import { useBusinessOptions } from "@/lib/browser/queries/businesses";
import { useGenerateQr, useRewardOptions } from "@/lib/browser/queries/loyalty";
import { useContractForm } from "@/lib/browser/use-contract-form";
import { webKind } from "@/components/kinds";

/** generate-qr: a business, optionally one of its locations and rewards, and a label for the owner. */
export function QrCodeForm({ onCreated }: { onCreated: (id: number) => void }) {
  const generate = useGenerateQr();
  const businesses = useBusinessOptions();
  const headingId = useId();
  const t = useTranslations("dashboardMore.qrForm");
  const words = useTranslations();
  const form = useContractForm(
    generateQrBody,
    { business_id: "", address_id: "", reward_id: "", label: "", mode: "" },
    async (values) => {
      const result = await generate.mutateAsync(values);
      toast.success(result.message);
      onCreated(result.data.id);
    },
    { resetOnSuccess: true },
  );
  const businessId = Number(form.values.business_id) || undefined;
  const addresses = useAddressOptions(businessId);
  const rewards = useRewardOptions(businessId);
  const businessField = form.field("business_id");
  return (
    <section className="card form-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("heading")}</h2>
      <form className="form" {...form.formProps}>
        <div className="form-row">
          <SelectField
            label={t("business")}
            placeholder={t("chooseBusiness")}
            required
            options={(businesses.data ?? []).map((b) => ({ value: String(b.id), label: b.business_name }))}
            {...businessField}
            onChange={(event) => {
              businessField.onChange(event);
              // A location or reward of the business chosen before does not belong to this one.
              form.setValues((v) => ({ ...v, business_id: event.target.value, address_id: "", reward_id: "" }));
            }}
          />
          <TextField label={t("label")} hint={t("labelHint")} required {...form.field("label")} />
        </div>
        <div className="form-row">
          <SelectField
            label={t("reward")}
            placeholder={t("newestReward")}
            disabled={!businessId}
            options={(rewards.data ?? []).map((r) => ({
              value: String(r.id),
              label: words(`${webKind(r.kind).ns}.picker`, { title: r.title, count: r.stamps_required }),
            }))}
            {...form.field("reward_id")}
          />
          <SelectField
            label={t("location")}
            placeholder={t("anyLocation")}
            disabled={!businessId}
            options={(businessId ? (addresses.data ?? []) : []).map((a) => ({
              value: String(a.id),
              label: `${a.address}, ${a.city}`,
            }))}
            {...form.field("address_id")}
          />
        </div>
        <SelectField
          label={t("mode")}
          placeholder={t("static")}
          hint={t("modeHint")}
          options={[{ value: "rotating", label: t("rotating") }]}
          {...form.field("mode")}
        />
        <FormActions submit={t("submit")} busy={form.busy} />
      </form>
    </section>
  );
}
