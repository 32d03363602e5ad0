"use client";

import type { ChangeEvent } from "react";
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
  DEFAULT_REFERRAL_BONUS,
  type RewardKind,
} from "@/lib/contract/rewards";
import { KIND_LABEL } from "./reward-summary";

type Field = (name: string) => {
  name: string;
  value: string;
  error?: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;
};

export type TierRow = { key: number; from_amount: string; percent: string };

const KIND_HINT: Record<RewardKind, string> = {
  stamps: "N stamps for the reward, one per visit.",
  points: "Points per visit or per amount spent, redeemed for the options you list.",
  cashback: "A percent of each purchase kept as money to spend.",
};

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
  return (
    <fieldset className="field kind-choice" aria-describedby={error ? "reward-kind-error" : undefined}>
      <legend>Kind of programme</legend>
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
              <strong id={`reward-kind-${kind}`}>{KIND_LABEL[kind]}</strong>
              <span id={`reward-kind-${kind}-hint`} className="field-hint">
                {KIND_HINT[kind]}
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

/** Expiry and the referral bonus: stamps and points only (cashback money never lapses). */
function LapseAndReferral({ kind, field }: { kind: RewardKind; field: Field }) {
  const unit = kind === "points" ? "points" : "stamps";
  return (
    <>
      <TextField
        label="Expire after (days without a visit)"
        {...numeric}
        min={1}
        max={MAX_EXPIRE_DAYS}
        hint={`Unspent ${unit} lapse this many days after the last visit. Empty: never.`}
        {...field("expire_after_days")}
      />
      <TextField
        label={`Referral bonus (${unit})`}
        {...numeric}
        min={0}
        max={MAX_REFERRAL_BONUS}
        hint={`For both cards when a referred friend first visits. Empty: ${DEFAULT_REFERRAL_BONUS[kind]}; 0 turns it off.`}
        {...field("referral_bonus")}
      />
    </>
  );
}

/** The fields of the chosen kind: stamps required; points earned; or the cashback percent and tiers. */
export function KindFields({
  kind,
  field,
  tiers,
  onTiers,
  errors,
}: {
  kind: RewardKind;
  field: Field;
  tiers: TierRow[];
  onTiers: (rows: TierRow[]) => void;
  errors: Record<string, string>;
}) {
  if (kind === "stamps") {
    return (
      <div className="form-row">
        <TextField
          label="Stamps required"
          {...numeric}
          min={MIN_STAMPS}
          max={MAX_STAMPS}
          hint={`From ${MIN_STAMPS} to ${MAX_STAMPS}.`}
          required
          {...field("stamps_required")}
        />
        <LapseAndReferral kind={kind} field={field} />
      </div>
    );
  }
  if (kind === "points") {
    return (
      <div className="form-row">
        <TextField
          label="Points per 1.00 spent"
          {...numeric}
          min={0}
          max={MAX_POINTS_PER_UNIT}
          hint="In your business's currency, rounded down (12.80 spent at 1 point = 12 points)."
          {...field("points_per_unit")}
        />
        <TextField
          label="Points per visit"
          {...numeric}
          min={0}
          max={MAX_POINTS_PER_VISIT}
          hint="Also what a self-scan earns. Give this, points per 1.00, or both."
          {...field("points_per_visit")}
        />
        <LapseAndReferral kind={kind} field={field} />
      </div>
    );
  }
  return (
    <>
      <div className="form-row">
        <TextField
          label="Cashback percent"
          inputMode="decimal"
          hint="Of each purchase, e.g. 5 or 2.5. Cashback never expires."
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
  const set = (key: number, part: Partial<TierRow>) =>
    onChange(rows.map((r) => (r.key === key ? { ...r, ...part } : r)));
  return (
    <fieldset className="tiers">
      <legend>Tiers (optional)</legend>
      <p className="field-hint">A higher percent once a customer has spent this much in all.</p>
      {errors.tiers && (
        <p className="field-error" role="alert">
          {errors.tiers}
        </p>
      )}
      {rows.map((row, index) => (
        <div className="form-row tier-row" key={row.key}>
          <TextField
            label={`Tier ${index + 1}: from amount spent`}
            name={`tiers.${index}.from_amount`}
            inputMode="decimal"
            value={row.from_amount}
            error={errors[`tiers.${index}.from_amount`]}
            onChange={(e) => set(row.key, { from_amount: e.target.value })}
          />
          <TextField
            label={`Tier ${index + 1}: percent`}
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
            Remove<span className="visually-hidden"> tier {index + 1}</span>
          </button>
        </div>
      ))}
      {rows.length < MAX_TIERS && (
        <button type="button" className="btn btn-secondary btn-small" onClick={() => onChange([...rows, tierRow()])}>
          Add a tier
        </button>
      )}
    </fieldset>
  );
}
