"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { ItemRow } from "@/components/ui/item-row";
import { EmptyState } from "@/components/ui/query-state";
import type { Reward } from "@/contract/rewards";
import { useRemoveReward, useRewards } from "@/lib/browser/queries/loyalty";
import { webKind } from "@/components/kinds";
import { PagedList } from "../paged-list";
import { RewardForm } from "./reward-form";
import { useRewardSummary } from "./reward-summary";
import "./rewards.css";

function RewardRow({ reward, onEdit }: { reward: Reward; onEdit: () => void }) {
  const remove = useRemoveReward();
  const t = useTranslations("dashboard.rewards");
  const { kindLabel, earnSummary } = useRewardSummary();
  const minutes = reward.cooldown_minutes;
  const cooldown =
    minutes === 0
      ? t("noWait")
      : minutes % 60 === 0
        ? t("hours", { count: minutes / 60 })
        : t("minutes", { count: minutes });
  return (
    <ItemRow
      name={reward.title}
      heading={
        <>
          {reward.title} <span className={`badge kind-badge kind-${reward.kind}`}>{kindLabel(reward.kind)}</span>
        </>
      }
      edit={{ onClick: onEdit }}
      remove={{
        title: t("removeTitle", { title: reward.title }),
        warning: t("removeWarning", { unit: reward.kind }),
        confirmLabel: t("removeConfirm"),
        onConfirm: () => remove.mutateAsync(reward.id),
      }}
    >
      <p className="reward-earn" data-testid="reward-summary">
        {earnSummary(reward)}
      </p>
      <p className="muted small">
        {reward.business_name} · {t("wait", { cooldown })}
        {reward.daily_cap > 0 && ` · ${t("dailyCap", { count: reward.daily_cap })}`}
        {webKind(reward.kind).lapses &&
          reward.expire_after_days &&
          ` · ${t("lapses", { count: reward.expire_after_days })}`}
        · {t("qrCount", { count: reward.qr_codes_count })}
      </p>
      {reward.description && <p className="small">{reward.description}</p>}
    </ItemRow>
  );
}

export function RewardsSection() {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Reward | null>(null);
  const list = useRewards(page);
  const t = useTranslations("dashboard.rewards");
  return (
    <>
      <h1 className="page-title">{t("title")}</h1>
      {editing ? (
        <RewardForm key={editing.id} reward={editing} onDone={() => setEditing(null)} />
      ) : (
        // A new points reward opens for editing at once: its catalogue of options comes next.
        <RewardForm onSaved={(saved) => webKind(saved.kind).hasCatalogue && setEditing(saved)} />
      )}
      <PagedList
        list={list}
        what={t("what")}
        pages={t("pages")}
        onPage={setPage}
        rowHeight="3rem"
        empty={<EmptyState title={t("emptyTitle")}>{t("emptyText")}</EmptyState>}
      >
        {(reward) => <RewardRow key={reward.id} reward={reward} onEdit={() => setEditing(reward)} />}
      </PagedList>
    </>
  );
}
