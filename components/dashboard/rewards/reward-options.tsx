"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useId } from "react";
import toast from "react-hot-toast";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { FormActions } from "@/components/ui/form-actions";
import { ErrorState, Skeleton } from "@/components/ui/query-state";
import { TextField } from "@/components/ui/text-field";
import { MAX_OPTION_POINTS, rewardOptionAddBody, type Reward } from "@/contract/rewards";
import { useAddRewardOption, useDeleteRewardOption, useRewardOptionList } from "@/lib/browser/queries/reward-options";
import { useContractForm } from "@/lib/browser/use-contract-form";

/** A points reward's catalogue: what N points buy, added and retired here. */
export function RewardOptions({ reward }: { reward: Reward }) {
  const list = useRewardOptionList(reward.id);
  const add = useAddRewardOption(reward.id);
  const remove = useDeleteRewardOption(reward.id);
  const headingId = useId();
  const t = useTranslations("dashboardMore.rewardOptions");
  const cost = useTranslations("rewardCost");
  const format = useFormatter();
  const form = useContractForm(
    rewardOptionAddBody,
    { reward_id: String(reward.id), title: "", points: "", cost: "" },
    async (values) => {
      const result = await add.mutateAsync(values);
      toast.success(result.message);
    },
    { resetOnSuccess: true },
  );
  const options = [...(list.data ?? [])].sort((a, b) => a.points - b.points);
  return (
    <section className="reward-options" aria-labelledby={headingId}>
      <h3 id={headingId}>{t("heading", { title: reward.title })}</h3>
      {list.isPending ? (
        <Skeleton rows={1} height="2.5rem" label={t("loading")} />
      ) : list.isError ? (
        <ErrorState what={t("what")} error={list.error} onRetry={() => list.refetch()} />
      ) : options.length === 0 ? (
        <p className="muted small">{t("empty")}</p>
      ) : (
        <ul className="option-list">
          {options.map((option) => (
            <li key={option.id}>
              <span>
                <strong>{option.title}</strong> ·{" "}
                {t("points", { count: option.points, points: format.number(option.points) })}
                {option.cost !== null && reward.currency && (
                  <>
                    {" · "}
                    {cost("costsYou", {
                      amount: format.number(Number(option.cost), { style: "currency", currency: reward.currency }),
                    })}
                  </>
                )}
              </span>
              <ConfirmButton
                subject={option.title}
                title={t("deleteTitle", { title: option.title })}
                confirmLabel={t("deleteConfirm")}
                onConfirm={() => remove.mutateAsync(option.id)}
              >
                {t("deleteWarning")}
              </ConfirmButton>
            </li>
          ))}
        </ul>
      )}
      <form className="form" {...form.formProps} aria-label={t("addLabel", { title: reward.title })}>
        <div className="form-row">
          <TextField label={t("option")} hint={t("optionHint")} required {...form.field("title")} />
          <TextField
            label={t("cost")}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_OPTION_POINTS}
            required
            {...form.field("points")}
          />
          <TextField label={cost("label")} hint={cost("optionHint")} inputMode="decimal" {...form.field("cost")} />
        </div>
        <FormActions submit={t("add")} busy={form.busy} />
      </form>
    </section>
  );
}
