"use client";

import { useId } from "react";
import toast from "react-hot-toast";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { FormActions } from "@/components/ui/form-actions";
import { ErrorState, Skeleton } from "@/components/ui/query-state";
import { TextField } from "@/components/ui/text-field";
import { MAX_OPTION_POINTS, rewardOptionAddBody, type Reward } from "@/lib/contract/rewards";
import { useAddRewardOption, useDeleteRewardOption, useRewardOptionList } from "@/lib/queries/reward-options";
import { useContractForm } from "@/lib/use-contract-form";

const points = new Intl.NumberFormat("en");

/** A points reward's catalogue (issue 23 §2): what N points buy, added and retired here. */
export function RewardOptions({ reward }: { reward: Reward }) {
  const list = useRewardOptionList(reward.id);
  const add = useAddRewardOption(reward.id);
  const remove = useDeleteRewardOption(reward.id);
  const headingId = useId();
  const form = useContractForm(
    rewardOptionAddBody,
    { reward_id: String(reward.id), title: "", points: "" },
    async (values) => {
      const result = await add.mutateAsync(values);
      toast.success(result.message);
    },
    { resetOnSuccess: true },
  );
  const options = [...(list.data ?? [])].sort((a, b) => a.points - b.points);
  return (
    <section className="reward-options" aria-labelledby={headingId}>
      <h3 id={headingId}>Redeem options of {reward.title}</h3>
      {list.isPending ? (
        <Skeleton rows={1} height="2.5rem" label="Loading the options…" />
      ) : list.isError ? (
        <ErrorState what="the options" error={list.error} onRetry={() => list.refetch()} />
      ) : options.length === 0 ? (
        <p className="muted small">No options yet: add what a customer can redeem points for.</p>
      ) : (
        <ul className="option-list">
          {options.map((option) => (
            <li key={option.id}>
              <span>
                <strong>{option.title}</strong> · {points.format(option.points)} points
              </span>
              <ConfirmButton
                subject={option.title}
                title={`Delete ${option.title}?`}
                confirmLabel="Delete option"
                onConfirm={() => remove.mutateAsync(option.id)}
              >
                Customers can no longer redeem points for it; their points stay on their cards.
              </ConfirmButton>
            </li>
          ))}
        </ul>
      )}
      <form className="form" {...form.formProps} aria-label={`Add an option to ${reward.title}`}>
        <div className="form-row">
          <TextField label="Option" hint="E.g. Free lunch." required {...form.field("title")} />
          <TextField
            label="Points it costs"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_OPTION_POINTS}
            required
            {...form.field("points")}
          />
        </div>
        <FormActions submit="Add option" busy={form.busy} />
      </form>
    </section>
  );
}
