"use client";

import { useEffect, useId, useState } from "react";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Pagination } from "@/components/ui/pagination";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/query-state";
import type { NotificationKind } from "@/lib/contract/notifications";
import { usePageInRange } from "../use-page";
import { useClearNotifications, useMarkRead, useNotifications } from "@/lib/queries/notifications";

const when = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" });

const KIND: Record<NotificationKind, string> = {
  card_joined: "New card",
  reward_redeemed: "Reward",
  payment_succeeded: "Payment",
  payment_failed: "Payment",
  staff_joined: "Staff",
  message: "Your message",
  fraud_alert: "Fraud alert",
  webhook_disabled: "Webhook",
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
        <h2 id={headingId}>Activity</h2>
        {list.data && list.data.total > 0 && (
          <ConfirmButton
            action="Clear all"
            subject="notifications"
            title="Clear all notifications?"
            confirmLabel="Clear notifications"
            onConfirm={async () => (await clear.mutateAsync()) as { message: string }}
          >
            Every entry in your activity feed is deleted. Messages you sent stay on your customers&apos; cards.
          </ConfirmButton>
        )}
      </div>
      {list.isPending ? (
        <Skeleton label="Loading your notifications…" />
      ) : list.isError ? (
        <ErrorState what="your notifications" error={list.error} onRetry={() => list.refetch()} />
      ) : list.data.total === 0 ? (
        <EmptyState title="No notifications">
          New cards, redeemed rewards, payments and staff joining your team show up here.
        </EmptyState>
      ) : (
        <>
          <ul className="item-list" aria-label="Notifications">
            {list.data.notificationData.map((entry) => (
              <li key={entry.id} className={entry.read_at ? "item-card" : "item-card unread"}>
                <div className="item-main">
                  <h3>
                    {entry.title} {!entry.read_at && <span className="badge badge-info">New</span>}
                  </h3>
                  <p>{entry.text}</p>
                  <p className="muted small">
                    {KIND[entry.kind]} ·{" "}
                    <time dateTime={entry.created_at}>{when.format(new Date(entry.created_at))}</time>
                  </p>
                </div>
              </li>
            ))}
          </ul>
          <Pagination data={list.data} onPage={setPage} label="Notifications" />
        </>
      )}
    </section>
  );
}
