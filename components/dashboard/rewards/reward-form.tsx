"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import toast from "react-hot-toast";
import { FormActions } from "@/components/ui/form-actions";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { ApiError } from "@/lib/browser/api-client";
import { issueErrors, messages } from "@/contract/envelope";
import {
  addRewardBody,
  DEFAULT_COOLDOWN_MINUTES,
  DEFAULT_DAILY_CAP,
  DEFAULT_REFERRAL_BONUS,
  MAX_DAILY_CAP,
  type AddRewardBody,
  type Reward,
  type RewardKind,
} from "@/contract/rewards";
import { useBusinessOptions } from "@/lib/browser/queries/businesses";
import { useRewardOptions, useSaveReward } from "@/lib/browser/queries/loyalty";
import { useContractForm } from "@/lib/browser/use-contract-form";
import { KindChoice, KindFields, ReferralFields, tierRow, type TierRow } from "./kind-fields";
import { webKind } from "@/components/kinds";
import { RewardOptions } from "./reward-options";
import { RewardHappyHours } from "./reward-happy-hours";
import { initialLevels, levelsBody, RewardLevels, type LevelsState } from "./reward-levels";

/** Bonuses count in the kind's unit (stamps, points, money): another kind starts them blank. */
const REFERRAL_BONUSES = ["referral_bonus", "referral_friend_bonus"];
/** Every kind's own fields, blank until the kind is chosen. */
const BLANK = { stamps_required: "", points_per_unit: "", points_per_visit: "", cashback_percent: "", cost: "" };

/** A bonus as the form shows it: blank when it is the kind's default (the reward keeps following it). */
function bonusText(reward: Reward, kind: RewardKind) {
  const bonus = Number(reward.referral_bonus);
  return bonus !== DEFAULT_REFERRAL_BONUS[kind] ? String(reward.referral_bonus) : "";
}

function initialValues(reward?: Reward): Record<string, string> {
  const kind = reward?.kind ?? "stamps";
  return {
    business_id: reward ? String(reward.business_id) : "",
    title: reward?.title ?? "",
    description: reward?.description ?? "",
    kind,
    ...BLANK,
    ...webKind(kind).formValues(reward),
    expire_after_days: reward?.expire_after_days ? String(reward.expire_after_days) : "",
    // The answer fills in the default: left blank, the reward keeps following it.
    referral_bonus: reward ? bonusText(reward, kind) : "",
    referral_friend_bonus: reward?.referral_friend_bonus == null ? "" : String(reward.referral_friend_bonus),
    referral_trigger: reward?.referral_trigger ?? "first_visit",
    cooldown_minutes: String(reward?.cooldown_minutes ?? DEFAULT_COOLDOWN_MINUTES),
    daily_cap: String(reward?.daily_cap ?? DEFAULT_DAILY_CAP),
  };
}

/** The tiers are checked by the contract's own rule before the form is sent (as a 422 would say). */
function checkedTiers(rows: TierRow[]) {
  const tiers = rows.map(({ from_amount, percent }) => ({ from_amount: from_amount.trim(), percent: percent.trim() }));
  const checked = addRewardBody.shape.tiers.safeParse(tiers);
  if (!checked.success) {
    const errors = Object.fromEntries(
      Object.entries(issueErrors(checked.error.issues)).map(([key, list]) => [
        `tiers.${key}`.replace(/\._$/, ""),
        list,
      ]),
    );
    throw new ApiError(422, messages.invalidInput, errors);
  }
  return tiers;
}

/**
 * add-reward, new or edited: the kind chooses the fields. A points reward's
 * catalogue of options opens below once it is saved.
 */
export function RewardForm({
  reward,
  onDone,
  onSaved,
}: {
  reward?: Reward;
  onDone?: () => void;
  onSaved?: (reward: Reward) => void;
}) {
  const save = useSaveReward();
  const businesses = useBusinessOptions();
  const headingId = useId();
  const t = useTranslations("dashboardMore.rewardForm");
  const [tiers, setTiers] = useState<TierRow[]>(() =>
    (reward?.tiers ?? []).map((t) => tierRow(t.from_amount, t.percent)),
  );
  const [levels, setLevels] = useState<LevelsState>(() => initialLevels(reward));
  const form = useContractForm(
    addRewardBody,
    initialValues(reward),
    async (values) => {
      const { kind } = values;
      const common = {
        id: reward?.id,
        business_id: values.business_id,
        title: values.title,
        description: values.description,
        kind,
        cooldown_minutes: values.cooldown_minutes,
        daily_cap: values.daily_cap,
        expire_after_days: webKind(kind).lapses ? values.expire_after_days : null,
        referral_bonus: values.referral_bonus,
        referral_friend_bonus: values.referral_friend_bonus,
        referral_trigger: values.referral_trigger,
        points_per_unit: 0,
        points_per_visit: 0,
      };
      // Only the chosen kind's fields go.
      const body: AddRewardBody = {
        ...common,
        ...webKind(kind).rewardBody(values, () => checkedTiers(tiers)),
        ...levelsBody(kind, levels),
      };
      const result = await save.mutateAsync(body);
      toast.success(result.message);
      if (!reward) {
        setTiers([]);
        setLevels(initialLevels());
      }
      onSaved?.(result.data);
      onDone?.();
    },
    { resetOnSuccess: !reward },
  );
  const kind = (form.values.kind ?? "stamps") as RewardKind;
  const kinds = useTranslations("kinds");
  // A second programme at a business: its card holders keep the card they hold (one per business).
  const others = (useRewardOptions(Number(form.values.business_id) || undefined).data ?? []).filter(
    (r) => r.id !== reward?.id,
  );
  // The chosen business's currency: a cashback bonus is money in it.
  const currency =
    (businesses.data ?? []).find((b) => String(b.id) === form.values.business_id)?.currency ?? reward?.currency ?? null;
  const chooseKind = (next: RewardKind) =>
    form.setValues((v) => ({
      ...v,
      stamps_required: "",
      points_per_unit: "",
      points_per_visit: "",
      cashback_percent: "",
      // Cashback money never lapses: expiry is blank there.
      ...(webKind(next).lapses ? {} : { expire_after_days: "" }),
      ...Object.fromEntries(REFERRAL_BONUSES.map((name) => [name, ""])),
      ...(reward?.kind === next ? initialValues(reward) : webKind(next).formValues()),
      // What else was typed stays.
      ...Object.fromEntries(
        ["business_id", "title", "description", "cooldown_minutes", "daily_cap", "referral_trigger"].map((n) => [
          n,
          v[n] ?? "",
        ]),
      ),
      kind: next,
    }));

  return (
    <section className="card form-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{reward ? t("editHeading", { title: reward.title }) : t("addHeading")}</h2>
      <form className="form" {...form.formProps}>
        <div className="form-row">
          <SelectField
            label={t("business")}
            placeholder={t("chooseBusiness")}
            required
            options={(businesses.data ?? []).map((b) => ({ value: String(b.id), label: b.business_name }))}
            {...form.field("business_id")}
          />
          <TextField label={t("reward")} hint={t("rewardHint")} required {...form.field("title")} />
        </div>
        {others.length > 0 && (
          <p className="field-hint" role="note" data-testid="one-card">
            {kinds("oneCard")}
          </p>
        )}
        <TextField label={t("description")} hint={t("descriptionHint")} {...form.field("description")} />
        <KindChoice value={kind} error={form.errors.kind} onChange={chooseKind} />
        <KindFields
          kind={kind}
          field={form.field}
          tiers={tiers}
          onTiers={setTiers}
          errors={form.errors}
          rewardId={reward?.kind === kind ? reward.id : undefined}
        />
        <RewardLevels kind={kind} state={levels} onChange={setLevels} errors={form.errors} />
        <ReferralFields kind={kind} currency={currency} field={form.field} />
        <div className="form-row">
          <TextField
            label={t("cooldown")}
            type="number"
            inputMode="numeric"
            min={0}
            hint={t("cooldownHint")}
            {...form.field("cooldown_minutes")}
          />
          <TextField
            label={t("dailyCap")}
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_DAILY_CAP}
            hint={t("dailyCapHint")}
            {...form.field("daily_cap")}
          />
        </div>
        <FormActions submit={reward ? t("save") : t("add")} busy={form.busy} onCancel={onDone} />
      </form>
      {reward && webKind(reward.kind).hasCatalogue && <RewardOptions reward={reward} />}
      {reward && webKind(reward.kind).boosted && <RewardHappyHours reward={reward} />}
    </section>
  );
}
