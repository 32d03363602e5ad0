"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Pagination } from "@/components/ui/pagination";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/query-state";
import type { NotificationKind } from "@/contract/notifications";
import { usePageInRange } from "../use-page";
import { useClearNotifications, useMarkRead, useNotifications } from "@/lib/browser/queries/notifications";

/** Both payment outcomes read "Payment": the entry's title says which. */
const KIND_KEY: Record<NotificationKind, string> = {
  card_joined: "card_joined",
  reward_redeemed: "reward_redeemed",
  payment_succeeded: "payment",
  payment_failed: "payment",
  staff_joined: "staff_joined",
  message: "message",
  fraud_alert: "fraud_alert",
  webhook_disabled: "webhook_disabled",
  refund_short: "refund_short",
};

/**
 * The owner's feed, newest first. Entries unread when the page opened stay marked "New" while the
 * page is open; opening it marks the whole feed read (notification-read) for the menu's badge.
 */
export function NotificationFeed() {
  const [page, setPage] = useState(1);
  const list = useNotifications(page);
  const markRead = useMarkRead();
  const clear = useClearNotifications();
  const headingId = useId();
  const t = useTranslations("dashboardMore.feed");
  const format = useFormatter();
  const unread = list.data?.unread_count ?? 0;
  const { mutate } = markRead;

  useEffect(() => {
    if (unread > 0) mutate();
  }, [unread, mutate]);

  // After a clear, a later page may no longer exist.
  usePageInRange(list.data && { ...list.data, items: list.data.notificationData }, setPage);

  return (
    <section aria-labelledby={headingId}>
      <div className="section-header">
        <h2 id={headingId}>{t("title")}</h2>
        {list.data && list.data.total > 0 && (
          <ConfirmButton
            action={t("clearAll")}
            subject={t("subject")}
            title={t("clearTitle")}
            confirmLabel={t("clearConfirm")}
            onConfirm={async () => (await clear.mutateAsync()) as { message: string }}
          >
            {t("clearWarning")}
          </ConfirmButton>
        )}
      </div>
      {list.isPending ? (
        <Skeleton label={t("loading")} />
      ) : list.isError ? (
        <ErrorState what={t("what")} error={list.error} onRetry={() => list.refetch()} />
      ) : list.data.total === 0 ? (
        <EmptyState title={t("emptyTitle")}>{t("emptyText")}</EmptyState>
      ) : (
        <>
          <ul className="item-list" aria-label={t("label")}>
            {list.data.notificationData.map((entry) => (
              <li key={entry.id} className={entry.read_at ? "item-card" : "item-card unread"}>
                <div className="item-main">
                  {/* Title and text are the API's, made in the owner's language (their profile's). */}
                  <h3>
                    <span data-api-text>{entry.title}</span>{" "}
                    {!entry.read_at && <span className="badge badge-info">{t("new")}</span>}
                  </h3>
                  <p data-api-text>{entry.text}</p>
                  <p className="muted small">
                    {t(`kind.${KIND_KEY[entry.kind]}`)} ·{" "}
                    <time dateTime={entry.created_at}>{format.dateTime(new Date(entry.created_at), "dayTime")}</time>
                  </p>
                </div>
              </li>
            ))}
          </ul>
          <Pagination data={list.data} onPage={setPage} label={t("label")} />
        </>
      )}
    </section>
  );
}
