"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/query-state";
import { SelectField } from "@/components/ui/select-field";
import { useBusinessOptions } from "@/lib/browser/queries/businesses";
import { useCardDesign } from "@/lib/browser/queries/card-design";
import { CardDesignForm } from "./card-design-form";
import "./card-design.css";

/** The card designer: one business at a time, chosen like other sections. */
export function CardDesignPage() {
  const t = useTranslations("cardDesign");
  const businesses = useBusinessOptions();
  const [chosen, setChosen] = useState("");
  const list = businesses.data ?? [];
  const businessId = chosen ? Number(chosen) : (list[0]?.id ?? null);
  const design = useCardDesign(businessId);

  return (
    <>
      <h1 className="page-title">{t("pageTitle")}</h1>
      {businesses.isPending ? (
        <Skeleton label={t("loading")} />
      ) : businesses.isError ? (
        <ErrorState what={t("businessesWhat")} error={businesses.error} onRetry={() => void businesses.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title={t("noBusinessTitle")}>{t("noBusiness")}</EmptyState>
      ) : (
        <>
          {list.length > 1 && (
            <SelectField
              name="business"
              label={t("business")}
              placeholder={t("chooseBusiness")}
              options={list.map((b) => ({ value: String(b.id), label: b.business_name }))}
              value={String(businessId ?? "")}
              onChange={(event) => setChosen(event.target.value)}
            />
          )}
          {design.isPending ? (
            <Skeleton label={t("loading")} />
          ) : design.isError ? (
            <ErrorState what={t("designWhat")} error={design.error} onRetry={() => void design.refetch()} />
          ) : (
            <CardDesignForm key={design.data.business_id} design={design.data} />
          )}
        </>
      )}
    </>
  );
}
