"use client";

import { useId, useState } from "react";
import toast from "react-hot-toast";
import { FormActions } from "@/components/ui/form-actions";
import { ItemRow } from "@/components/ui/item-row";
import { EmptyState } from "@/components/ui/query-state";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import {
  addRewardBody,
  DEFAULT_COOLDOWN_MINUTES,
  DEFAULT_DAILY_CAP,
  MAX_DAILY_CAP,
  MAX_STAMPS,
  MIN_STAMPS,
  type Reward,
} from "@/lib/contract/rewards";
import { useBusinessOptions } from "@/lib/queries/businesses";
import { useRemoveReward, useRewards, useSaveReward } from "@/lib/queries/loyalty";
import { useProductCategoryOptions } from "@/lib/queries/product-categories";
import { useContractForm } from "@/lib/use-contract-form";
import { PagedList } from "../paged-list";

const cooldownText = (minutes: number) =>
  minutes === 0 ? "no wait" : minutes % 60 === 0 ? `${minutes / 60} h` : `${minutes} min`;

function RewardForm({ reward, onDone }: { reward?: Reward; onDone?: () => void }) {
  const save = useSaveReward();
  const businesses = useBusinessOptions();
  const categories = useProductCategoryOptions();
  const headingId = useId();
  const form = useContractForm(
    addRewardBody,
    {
      business_id: reward ? String(reward.business_id) : "",
      title: reward?.title ?? "",
      description: reward?.description ?? "",
      stamps_required: reward ? String(reward.stamps_required) : "10",
      product_category_id: reward?.product_category_id ? String(reward.product_category_id) : "",
      cooldown_minutes: String(reward?.cooldown_minutes ?? DEFAULT_COOLDOWN_MINUTES),
      daily_cap: String(reward?.daily_cap ?? DEFAULT_DAILY_CAP),
    },
    async (values) => {
      const result = await save.mutateAsync({ ...values, id: reward?.id });
      toast.success(result.message);
      onDone?.();
    },
    { resetOnSuccess: !reward },
  );
  return (
    <section className="card form-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{reward ? `Edit ${reward.title}` : "Add a reward"}</h2>
      <form className="form" {...form.formProps}>
        <div className="form-row">
          <SelectField
            label="Business"
            placeholder="Choose a business"
            required
            options={(businesses.data ?? []).map((b) => ({ value: String(b.id), label: b.business_name }))}
            {...form.field("business_id")}
          />
          <TextField
            label="Reward"
            hint="What the customer gets, e.g. Free coffee."
            required
            {...form.field("title")}
          />
        </div>
        <TextField label="Description" hint="Optional: the small print customers see." {...form.field("description")} />
        <div className="form-row">
          <TextField
            label="Stamps required"
            type="number"
            inputMode="numeric"
            min={MIN_STAMPS}
            max={MAX_STAMPS}
            hint={`From ${MIN_STAMPS} to ${MAX_STAMPS}.`}
            required
            {...form.field("stamps_required")}
          />
          <TextField
            label="Wait between self-scans (minutes)"
            type="number"
            inputMode="numeric"
            min={0}
            hint="A customer scanning your QR code gets one stamp per wait; 240 is four hours."
            {...form.field("cooldown_minutes")}
          />
          <TextField
            label="Self-scans per day"
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_DAILY_CAP}
            hint="Stamps a customer can collect by scanning in one day; 0 for no limit. Staff stamps are not limited."
            {...form.field("daily_cap")}
          />
          <SelectField
            label="Product category"
            placeholder="Every purchase"
            hint="Optional: count stamps for one category."
            options={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            {...form.field("product_category_id")}
          />
        </div>
        <FormActions submit={reward ? "Save reward" : "Add reward"} busy={form.busy} onCancel={onDone} />
      </form>
    </section>
  );
}

function RewardRow({ reward, onEdit }: { reward: Reward; onEdit: () => void }) {
  const remove = useRemoveReward();
  return (
    <ItemRow
      name={reward.title}
      edit={{ onClick: onEdit }}
      remove={{
        title: `Remove ${reward.title}?`,
        warning:
          "Customers keep their stamps. QR codes for this reward collect for the business's newest other reward.",
        confirmLabel: "Remove reward",
        onConfirm: () => remove.mutateAsync(reward.id),
      }}
    >
      <p className="muted small">
        {reward.business_name} · {reward.stamps_required} stamps · wait {cooldownText(reward.cooldown_minutes)}
        {reward.daily_cap > 0 && ` · ${reward.daily_cap} a day`}
        {reward.product_category_name && ` · ${reward.product_category_name}`} · {reward.qr_codes_count} QR code
        {reward.qr_codes_count === 1 ? "" : "s"}
      </p>
      {reward.description && <p className="small">{reward.description}</p>}
    </ItemRow>
  );
}

export function RewardsSection() {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Reward | null>(null);
  const list = useRewards(page);
  return (
    <>
      <h1 className="page-title">Rewards</h1>
      {editing ? <RewardForm key={editing.id} reward={editing} onDone={() => setEditing(null)} /> : <RewardForm />}
      <PagedList
        list={list}
        what="your rewards"
        pages="Rewards"
        onPage={setPage}
        rowHeight="3rem"
        empty={
          <EmptyState title="No rewards yet">
            Add the reward your customers collect stamps for, above. Then print a QR code for it in My QR Code.
          </EmptyState>
        }
      >
        {(reward) => <RewardRow key={reward.id} reward={reward} onEdit={() => setEditing(reward)} />}
      </PagedList>
    </>
  );
}
