"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import toast from "react-hot-toast";
import { z } from "zod";
import { FormActions } from "@/components/ui/form-actions";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { kindOf } from "@/contract/kinds";
import {
  BALANCE_OFFER_KINDS,
  MAX_VALID_DAYS,
  OFFER_KIND_FIELD,
  OFFER_KINDS,
  OFFER_TRIGGERS,
  offerAddBody,
  type OfferKind,
} from "@/contract/offers";
import type { Business } from "@/contract/business";
import { useRewardOptions } from "@/lib/browser/queries/loyalty";
import { useAddOffer } from "@/lib/browser/queries/offers";
import { useContractForm } from "@/lib/browser/use-contract-form";
import { planRefusal } from "./plan-gate";

const VALUE_FIELDS = ["amount", "percent", "points", "stamps"] as const;

/** A field left blank is not sent: the contract reads a missing value, not an empty one. */
const formBody = z.preprocess(
  (value) =>
    value && typeof value === "object"
      ? Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v !== "string" || v.trim() !== ""))
      : value,
  offerAddBody,
);

/**
 * The kinds of offer a business may make: an item, money or a percent off anywhere; points or
 * stamps only where its programme counts them (the programme kind's face says which).
 */
function useOfferKinds(businessId: number | undefined): readonly OfferKind[] {
  const rewards = useRewardOptions(businessId).data ?? [];
  // The business's programme is its newest reward's, as the server decides it.
  const programme = rewards.reduce<(typeof rewards)[number] | undefined>(
    (newest, r) => (!newest || r.id > newest.id ? r : newest),
    undefined,
  );
  const balance = programme ? kindOf(programme.kind).balanceOffer : null;
  return OFFER_KINDS.filter((k) => !(BALANCE_OFFER_KINDS as readonly OfferKind[]).includes(k) || k === balance);
}

/** offer-add: every field of an offer; the value field is the chosen kind's only. */
export function OfferForm({
  businesses,
  businessId,
  onPlanGate,
}: {
  businesses: Business[];
  businessId: number | null;
  onPlanGate: (message: string) => void;
}) {
  const add = useAddOffer();
  const headingId = useId();
  const t = useTranslations("offers.form");
  const cost = useTranslations("rewardCost");
  const kinds = useTranslations("offers.kinds");
  const triggers = useTranslations("offers.triggers");
  const initial = {
    business_id: businessId ? String(businessId) : "",
    title: "",
    kind: "free_item",
    amount: "",
    percent: "",
    points: "",
    stamps: "",
    trigger: "join",
    valid_days: "30",
    min_purchase: "",
    cost: "",
  };
  const form = useContractForm(
    formBody,
    initial,
    async (values) => {
      try {
        const result = await add.mutateAsync(values);
        toast.success(result.message);
      } catch (error) {
        const refused = planRefusal(error);
        if (!refused) throw error;
        onPlanGate(refused);
      }
    },
    { resetOnSuccess: true },
  );
  const chosenBusiness = Number(form.values.business_id) || undefined;
  const offerKinds = useOfferKinds(chosenBusiness);
  const kind = (form.values.kind ?? "free_item") as OfferKind;
  const valueField = OFFER_KIND_FIELD[kind];
  // Points or stamps added on redeem: the field is named for the balance it adds to.
  const balanceField = BALANCE_OFFER_KINDS.find((k) => k === valueField);
  const currency = businesses.find((b) => b.id === chosenBusiness)?.currency ?? null;
  const chooseKind = (next: string) =>
    // Only the chosen kind's value goes: the others are emptied.
    form.setValues((v) => ({ ...v, kind: next, ...Object.fromEntries(VALUE_FIELDS.map((f) => [f, ""])) }));
  const kindField = form.field("kind");
  return (
    <section className="card form-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("heading")}</h2>
      <form className="form" {...form.formProps}>
        <div className="form-row">
          <SelectField
            label={t("business")}
            placeholder={t("chooseBusiness")}
            required
            options={businesses.map((b) => ({ value: String(b.id), label: b.business_name }))}
            {...form.field("business_id")}
          />
          <TextField label={t("title")} hint={t("titleHint")} required maxLength={80} {...form.field("title")} />
        </div>
        <div className="form-row">
          <SelectField
            label={t("kind")}
            placeholder={t("chooseKind")}
            required
            options={offerKinds.map((k) => ({ value: k, label: kinds(k) }))}
            {...kindField}
            onChange={(event) => chooseKind(event.target.value)}
          />
          {valueField === "amount" && (
            <TextField
              label={t("amount")}
              hint={currency ? t("inCurrency", { currency }) : t("inYourCurrency")}
              inputMode="decimal"
              required
              {...form.field("amount")}
            />
          )}
          {valueField === "percent" && (
            <TextField
              label={t("percent")}
              type="number"
              inputMode="numeric"
              min={1}
              max={100}
              required
              {...form.field("percent")}
            />
          )}
          {balanceField && (
            <TextField
              label={t(balanceField)}
              hint={t("addedOnRedeem")}
              type="number"
              inputMode="numeric"
              min={1}
              required
              {...form.field(balanceField)}
            />
          )}
        </div>
        <div className="form-row">
          <SelectField
            label={t("trigger")}
            placeholder={t("chooseTrigger")}
            required
            hint={triggers(`${(form.values.trigger || "join") as (typeof OFFER_TRIGGERS)[number]}Hint`)}
            options={OFFER_TRIGGERS.map((trigger) => ({ value: trigger, label: triggers(trigger) }))}
            {...form.field("trigger")}
          />
          <TextField
            label={t("validDays")}
            hint={t("validDaysHint")}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_VALID_DAYS}
            required
            {...form.field("valid_days")}
          />
        </div>
        <TextField
          label={t("minPurchase")}
          hint={currency ? t("minPurchaseHint", { currency }) : t("minPurchaseHintNoCurrency")}
          inputMode="decimal"
          {...form.field("min_purchase")}
        />
        <TextField
          label={cost("label")}
          hint={currency ? cost("offerHint", { currency }) : cost("offerHintNoCurrency")}
          inputMode="decimal"
          {...form.field("cost")}
        />
        <FormActions submit={t("submit")} busy={form.busy} />
      </form>
    </section>
  );
}
