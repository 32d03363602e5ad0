"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Pagination } from "@/components/ui/pagination";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/query-state";
import { useSentMessages } from "@/lib/browser/queries/notifications";
import { usePageInRange } from "../use-page";

/** The messages the owner sent, newest first. */
export function SentMessages() {
  const [page, setPage] = useState(1);
  const list = useSentMessages(page);
  usePageInRange(list.data, setPage);
  const headingId = useId();
  const t = useTranslations("dashboard.notifications.sent");
  const c = useTranslations("channels");
  const format = useFormatter();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{t("title")}</h2>
      {list.isPending ? (
        <Skeleton label={t("loading")} />
      ) : list.isError ? (
        <ErrorState what={t("what")} error={list.error} onRetry={() => list.refetch()} />
      ) : list.data.total === 0 ? (
        <EmptyState title={t("emptyTitle")}>{t("emptyText")}</EmptyState>
      ) : (
        <>
          <ul className="item-list" aria-label={t("title")}>
            {list.data.items.map((m) => (
              <li key={m.id} className="item-card">
                <div className="item-main">
                  <h3>{m.title}</h3>
                  <p>{m.message}</p>
                  <p className="muted small">
                    {m.business_name} ·{" "}
                    <time dateTime={m.created_at}>
                      {format.dateTime(new Date(m.created_at), { dateStyle: "medium", timeStyle: "short" })}
                    </time>
                  </p>
                  {m.delivery.length > 0 && (
                    <ul className="muted small delivery" aria-label={c("deliveryLabel")}>
                      {m.delivery.map((d) => (
                        <li key={d.channel}>{c("delivery", { ...d, channel: c(`name.${d.channel}`) })}</li>
                      ))}
                    </ul>
                  )}
                </div>
              </li>
            ))}
          </ul>
          <Pagination data={list.data} onPage={setPage} label={t("title")} />
        </>
      )}
    </section>
  );
}
