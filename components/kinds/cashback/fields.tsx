"use client";

import { useTranslations } from "next-intl";
import { TextField } from "@/components/ui/text-field";
import { MAX_TIERS } from "@/contract/rewards";
import type { RewardFieldsProps, TierRow } from "../types";
import { tierRow } from "./tier-row";

/** Cashback tiers: from a lifetime spend on, another percent. */
export function TierRows({
  rows,
  onChange,
  errors,
}: {
  rows: TierRow[];
  onChange: (rows: TierRow[]) => void;
  errors: Record<string, string>;
}) {
  const t = useTranslations("dashboardMore.kindFields");
  const set = (key: number, part: Partial<TierRow>) =>
    onChange(rows.map((r) => (r.key === key ? { ...r, ...part } : r)));
  return (
    <fieldset className="tiers">
      <legend>{t("tiers")}</legend>
      <p className="field-hint">{t("tiersHint")}</p>
      {errors.tiers && (
        <p className="field-error" role="alert">
          {errors.tiers}
        </p>
      )}
      {rows.map((row, index) => (
        <div className="form-row tier-row" key={row.key}>
          <TextField
            label={t("tierFrom", { n: index + 1 })}
            name={`tiers.${index}.from_amount`}
            inputMode="decimal"
            value={row.from_amount}
            error={errors[`tiers.${index}.from_amount`]}
            onChange={(e) => set(row.key, { from_amount: e.target.value })}
          />
          <TextField
            label={t("tierPercent", { n: index + 1 })}
            name={`tiers.${index}.percent`}
            inputMode="decimal"
            value={row.percent}
            error={errors[`tiers.${index}.percent`]}
            onChange={(e) => set(row.key, { percent: e.target.value })}
          />
          <button
            type="button"
            className="btn btn-secondary btn-small tier-remove"
            onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
          >
            {t("remove")}
            <span className="visually-hidden"> {t("removeTier", { n: index + 1 })}</span>
          </button>
        </div>
      ))}
      {rows.length < MAX_TIERS && (
        <button type="button" className="btn btn-secondary btn-small" onClick={() => onChange([...rows, tierRow()])}>
          {t("addTier")}
        </button>
      )}
    </fieldset>
  );
}

export function CashbackFields({ field, tiers, onTiers, errors }: RewardFieldsProps) {
  const t = useTranslations("dashboardMore.kindFields");
  return (
    <>
      <div className="form-row">
        <TextField
          label={t("percent")}
          inputMode="decimal"
          hint={t("percentHint")}
          required
          {...field("cashback_percent")}
        />
      </div>
      <TierRows rows={tiers} onChange={onTiers} errors={errors} />
    </>
  );
}
