"use client";

import { useTranslations } from "next-intl";
import type { ChangeEvent } from "react";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import {
  MAX_EXPIRE_DAYS,
  MAX_POINTS_PER_UNIT,
  MAX_POINTS_PER_VISIT,
  MAX_REFERRAL_BONUS,
  MAX_STAMPS,
  MAX_TIERS,
  MIN_STAMPS,
  REWARD_KINDS,
  REFERRAL_TRIGGERS,
  DEFAULT_REFERRAL_BONUS,
  type RewardKind,
} from "@/contract/rewards";
import { ExpiryPreview } from "./expiry-preview";
import { useRewardSummary } from "./reward-summary";

type Field = (name: string) => {
  name: string;
  value: string;
  error?: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;
};

export type TierRow = { key: number; from_amount: string; percent: string };

/** The programme's kind as radio buttons: the fields below follow the choice. */
export function KindChoice({
  value,
  error,
  onChange,
}: {
  value: RewardKind;
  error?: string;
  onChange: (kind: RewardKind) => void;
}) {
  const t = useTranslations("dashboardMore.kindFields");
  const { kindLabel } = useRewardSummary();
  return (
    <fieldset className="field kind-choice" aria-describedby={error ? "reward-kind-error" : undefined}>
      <legend>{t("legend")}</legend>
      <div className="kind-options">
        {REWARD_KINDS.map((kind) => (
          // The kind's name names the radio; its hint describes it (not part of the name).
          <label key={kind} className="kind-option">
            <input
              type="radio"
              name="kind"
              value={kind}
              checked={value === kind}
              onChange={() => onChange(kind)}
              aria-labelledby={`reward-kind-${kind}`}
              aria-describedby={`reward-kind-${kind}-hint`}
            />
            <span>
              <strong id={`reward-kind-${kind}`}>{kindLabel(kind)}</strong>
              <span id={`reward-kind-${kind}-hint`} className="field-hint">
                {t(`hint.${kind}`)}
              </span>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id="reward-kind-error" className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

const numeric = { type: "number", inputMode: "numeric" } as const;

/**
 * Expiry: stamps and points only (cashback money never lapses). A saved reward's field previews
 * what the days typed would lapse.
 */
function Lapse({ kind, field, rewardId }: { kind: RewardKind; field: Field; rewardId?: number }) {
  const t = useTranslations("dashboardMore.kindFields");
  const unit = kind === "points" ? "points" : "stamps";
  const days = field("expire_after_days");
  return (
    <TextField
      label={t("expire")}
      {...numeric}
      min={1}
      max={MAX_EXPIRE_DAYS}
      hint={t("expireHint", { unit })}
      {...days}
    >
      {rewardId !== undefined && <ExpiryPreview rewardId={rewardId} days={days.value} />}
    </TextField>
  );
}

/**
 * The referral bonus (every kind): when it pays, and how much to each side, in the programme's
 * unit: stamps, points, or money in the business's currency (decimals allowed).
 */
export function ReferralFields({ kind, currency, field }: { kind: RewardKind; currency: string | null; field: Field }) {
  const t = useTranslations("dashboardMore.kindFields");
  const unit = { unit: kind, currency: currency ?? "" };
  const amount =
    kind === "cashback" ? ({ inputMode: "decimal" } as const) : { ...numeric, min: 0, max: MAX_REFERRAL_BONUS };
  return (
    <fieldset className="referral-fields">
      <legend>{t("referralLegend")}</legend>
      <div className="form-row">
        <SelectField
          label={t("trigger")}
          hint={t("triggerHint")}
          placeholder={t("triggers.default")}
          options={REFERRAL_TRIGGERS.map((trigger) => ({ value: trigger, label: t(`triggers.${trigger}`) }))}
          {...field("referral_trigger")}
        />
        <TextField
          label={t("referral", unit)}
          {...amount}
          hint={t("referralHint", { count: DEFAULT_REFERRAL_BONUS[kind] })}
          {...field("referral_bonus")}
        />
        <TextField
          label={t("friendBonus", unit)}
          {...amount}
          hint={t("friendBonusHint")}
          {...field("referral_friend_bonus")}
        />
      </div>
    </fieldset>
  );
}

/** The fields of the chosen kind: stamps required; points earned; or the cashback percent and tiers. */
export function KindFields({
  kind,
  field,
  tiers,
  onTiers,
  errors,
  rewardId,
}: {
  kind: RewardKind;
  field: Field;
  tiers: TierRow[];
  onTiers: (rows: TierRow[]) => void;
  errors: Record<string, string>;
  /** The saved reward of this kind being edited: its expiry field previews a change. */
  rewardId?: number;
}) {
  const t = useTranslations("dashboardMore.kindFields");
  if (kind === "stamps") {
    return (
      <div className="form-row">
        <TextField
          label={t("stamps")}
          {...numeric}
          min={MIN_STAMPS}
          max={MAX_STAMPS}
          hint={t("stampsHint", { min: MIN_STAMPS, max: MAX_STAMPS })}
          required
          {...field("stamps_required")}
        />
        <Lapse kind={kind} field={field} rewardId={rewardId} />
      </div>
    );
  }
  if (kind === "points") {
    return (
      <div className="form-row">
        <TextField
          label={t("perUnit")}
          type="number"
          inputMode="decimal"
          step="0.01"
          min={0}
          max={MAX_POINTS_PER_UNIT}
          hint={t("perUnitHint")}
          {...field("points_per_unit")}
        />
        <TextField
          label={t("perVisit")}
          {...numeric}
          min={0}
          max={MAX_POINTS_PER_VISIT}
          hint={t("perVisitHint")}
          {...field("points_per_visit")}
        />
        <Lapse kind={kind} field={field} rewardId={rewardId} />
      </div>
    );
  }
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

let nextKey = 1;
export const tierRow = (from_amount = "", percent = ""): TierRow => ({ key: nextKey++, from_amount, percent });

/** Cashback tiers: from a lifetime spend on, another percent. */
function TierRows({
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
