"use client";

import { useTranslations } from "next-intl";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { REWARD_KINDS, REFERRAL_TRIGGERS, DEFAULT_REFERRAL_BONUS, type RewardKind } from "@/contract/rewards";
import { tierRow } from "@/components/kinds/cashback/tier-row";
import { webKind, type KindField as Field, type RewardFieldsProps, type TierRow } from "@/components/kinds";
import { useRewardSummary } from "./reward-summary";

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

/**
 * The referral bonus (every kind): when it pays, and how much to each side, in the programme's
 * unit: stamps, points, or money in the business's currency (decimals allowed).
 */
export function ReferralFields({ kind, currency, field }: { kind: RewardKind; currency: string | null; field: Field }) {
  const t = useTranslations("dashboardMore.kindFields");
  const unit = { unit: kind, currency: currency ?? "" };
  const amount = webKind(kind).bonusInput;
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
export function KindFields({ kind, ...props }: { kind: RewardKind } & RewardFieldsProps) {
  const { RewardFields } = webKind(kind);
  return <RewardFields {...props} />;
}

export { tierRow };
export type { TierRow };
