"use client";

import { useId, useState } from "react";
import { Pagination } from "@/components/ui/pagination";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/query-state";
import { useSentMessages } from "@/lib/queries/notifications";
import { usePageInRange } from "../use-page";

const when = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" });

/** The messages the owner sent, newest first. */
export function SentMessages() {
  const [page, setPage] = useState(1);
  const list = useSentMessages(page);
  usePageInRange(list.data, setPage);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Sent messages</h2>
      {list.isPending ? (
        <Skeleton label="Loading your messages…" />
      ) : list.isError ? (
        <ErrorState what="your messages" error={list.error} onRetry={() => list.refetch()} />
      ) : list.data.total === 0 ? (
        <EmptyState title="No messages sent yet">
          Messages you send appear on your customers&apos; cards and here.
        </EmptyState>
      ) : (
        <>
          <ul className="item-list" aria-label="Sent messages">
            {list.data.items.map((m) => (
              <li key={m.id} className="item-card">
                <div className="item-main">
                  <h3>{m.title}</h3>
                  <p>{m.message}</p>
                  <p className="muted small">
                    {m.business_name} · <time dateTime={m.created_at}>{when.format(new Date(m.created_at))}</time>
                  </p>
                </div>
              </li>
            ))}
          </ul>
          <Pagination data={list.data} onPage={setPage} label="Sent messages" />
        </>
      )}
    </section>
  );
}
