"use client";

import { useState } from "react";
import { ItemRow } from "@/components/ui/item-row";
import { EmptyState } from "@/components/ui/query-state";
import type { Reward } from "@/lib/contract/rewards";
import { useRemoveReward, useRewards } from "@/lib/queries/loyalty";
import { PagedList } from "../paged-list";
import { RewardForm } from "./reward-form";
import { earnSummary, KIND_LABEL } from "./reward-summary";
import "./rewards.css";

const cooldownText = (minutes: number) =>
  minutes === 0 ? "no wait" : minutes % 60 === 0 ? `${minutes / 60} h` : `${minutes} min`;

function RewardRow({ reward, onEdit }: { reward: Reward; onEdit: () => void }) {
  const remove = useRemoveReward();
  const unit = reward.kind === "cashback" ? "balance" : reward.kind;
  return (
    <ItemRow
      name={reward.title}
      heading={
        <>
          {reward.title} <span className={`badge kind-badge kind-${reward.kind}`}>{KIND_LABEL[reward.kind]}</span>
        </>
      }
      edit={{ onClick: onEdit }}
      remove={{
        title: `Remove ${reward.title}?`,
        warning: `Customers keep their ${unit}. QR codes for this reward collect for the business's newest other reward.`,
        confirmLabel: "Remove reward",
        onConfirm: () => remove.mutateAsync(reward.id),
      }}
    >
      <p className="reward-earn" data-testid="reward-summary">
        {earnSummary(reward)}
      </p>
      <p className="muted small">
        {reward.business_name} · wait {cooldownText(reward.cooldown_minutes)}
        {reward.daily_cap > 0 && ` · ${reward.daily_cap} a day`}
        {reward.kind !== "cashback" && reward.expire_after_days && ` · lapses after ${reward.expire_after_days} days`}
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
      {editing ? (
        <RewardForm key={editing.id} reward={editing} onDone={() => setEditing(null)} />
      ) : (
        // A new points reward opens for editing at once: its catalogue of options comes next.
        <RewardForm onSaved={(saved) => saved.kind === "points" && setEditing(saved)} />
      )}
      <PagedList
        list={list}
        what="your rewards"
        pages="Rewards"
        onPage={setPage}
        rowHeight="3rem"
        empty={
          <EmptyState title="No rewards yet">
            Add the reward your customers collect stamps, points or cashback for, above. Then print a QR code for it in
            My QR Code.
          </EmptyState>
        }
      >
        {(reward) => <RewardRow key={reward.id} reward={reward} onEdit={() => setEditing(reward)} />}
      </PagedList>
    </>
  );
}
