"use client";

import dynamic from "next/dynamic";
import { useFormatter, useTranslations } from "next-intl";
import { useDeferredValue, useState } from "react";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { CursorPagination } from "@/components/ui/pagination";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/query-state";
import { SCAN_KINDS } from "@/contract/limits";
import type { Scan } from "@/contract/scans";
import { scanExportUrl, useScans } from "@/lib/browser/queries/loyalty";
import { useProfile } from "@/lib/browser/queries/user";
import { BusinessFilter, submitFilters, type FilterValues } from "../filters";
import { CardScanner } from "./card-scanner";
import { ScannerApp } from "./scanner-app";
import { useOwnerWords } from "@/components/kinds/use-owner-words";
import { webKind } from "@/components/kinds";
import { kindNs } from "@/components/kinds/ns";
import "./scans.css";
import { useActorText } from "../actor-text";

// A card's history and adjustment: fetched when a card is opened, not with the scanner.
const CardDetail = dynamic(() => import("./card-detail").then((m) => m.CardDetail), {
  loading: () => <CardDetailLoading />,
});

/** The card's panel while its code arrives: the panel's own loading state. */
function CardDetailLoading() {
  const t = useTranslations("scanner.card");
  return <Skeleton label={t("loading")} rows={1} height="10rem" />;
}

/** A scan's kind in its programme's words: a points or cashback visit is a purchase, not a stamp. */
function ScanKind({ kind, programme }: { kind: Scan["kind"]; programme: Scan["programme"] }) {
  const t = useTranslations(kindNs(programme));
  return <span className={`badge scan-${kind}`}>{t(`scanKind.${kind}`)}</span>;
}

function Filters({ onApply }: { onApply: (filters: FilterValues) => void }) {
  const t = useTranslations("scanner.list");
  const profile = useProfile();
  const words = useOwnerWords();
  const owner = profile.data?.role === "owner";
  return (
    <form className="scan-filters" onSubmit={submitFilters(onApply)} aria-label={t("filtersLabel")}>
      {owner && <BusinessFilter id="filter-business" />}
      <div className="field">
        <label htmlFor="filter-kind">{t("kind")}</label>
        <select id="filter-kind" name="kind" defaultValue="">
          <option value="">{t("everyKind")}</option>
          {SCAN_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {words(`scanKind.${kind}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-from">{t("from")}</label>
        <input id="filter-from" name="from" type="date" />
      </div>
      <div className="field">
        <label htmlFor="filter-to">{t("to")}</label>
        <input id="filter-to" name="to" type="date" />
      </div>
      <Button type="submit" variant="secondary">
        {t("apply")}
      </Button>
    </form>
  );
}

/**
 * My Scans: the scanner, then every join, stamp and redeem, filtered, paged, and as CSV. Pages go
 * by cursor (a long history has no cheap count or deep offset): `cursors` holds where each page
 * after the first starts, so Previous goes back and Next follows the answer's `next_cursor`.
 */
export function MyScansSection() {
  const t = useTranslations("scanner.list");
  const actorText = useActorText();
  const format = useFormatter();
  const [cursors, setCursors] = useState<string[]>([]);
  const [filters, setFilters] = useState<FilterValues>({});
  const [card, setCard] = useState<string | null>(null);
  const list = useScans(cursors.at(-1) ?? null, filters);
  // A page of scans is drawn in the background, in pieces the browser can interleave with the
  // scanner's input, not in one task as it arrives.
  const page = useDeferredValue(list.data);
  const words = useOwnerWords();
  const csv = scanExportUrl(filters);
  return (
    <>
      <h1 className="page-title">{t("pageTitle")}</h1>
      <ScannerApp />
      <CardScanner onOpenCard={setCard} />
      {card && <CardDetail serial={card} onClose={() => setCard(null)} />}
      <section className="card" aria-labelledby="scans-title">
        <div className="row-between">
          <h2 id="scans-title">{t("title")}</h2>
          <a className="btn btn-secondary btn-small" href={csv} download>
            {t("export")}
          </a>
        </div>
        <Filters
          onApply={(next) => {
            setFilters(next);
            setCursors([]);
          }}
        />
        {list.isError ? (
          <ErrorState what={t("what")} error={list.error} onRetry={() => list.refetch()} />
        ) : !page ? (
          <Skeleton label={t("loading")} height="2.5rem" />
        ) : page.items.length === 0 && cursors.length === 0 ? (
          <EmptyState title={t("emptyTitle")}>{words("scansEmpty")}</EmptyState>
        ) : (
          <>
            <DataTable
              className="scan-table stack-table"
              caption={t("caption")}
              rows={page.items}
              rowKey={(s) => s.id}
              columns={[
                {
                  key: "time",
                  header: t("columns.time"),
                  cell: (s) => (
                    <time dateTime={s.created_at}>{format.dateTime(new Date(s.created_at), "dayTime")}</time>
                  ),
                },
                {
                  key: "kind",
                  header: t("columns.kind"),
                  cell: (s) => <ScanKind kind={s.kind} programme={s.programme} />,
                },
                {
                  key: "customer",
                  header: t("columns.customer"),
                  cell: (s) => (
                    <>
                      <button type="button" className="link-button" onClick={() => setCard(s.serial)}>
                        {s.customer_name}
                      </button>
                      {s.flag_reason && (
                        <span className="badge badge-warning scan-flag" title={s.flag_reason}>
                          {t("flagged")}
                          <span className="visually-hidden">: {s.flag_reason}</span>
                        </span>
                      )}
                      <span className="small muted block" data-user-content>
                        {s.serial}
                      </span>
                    </>
                  ),
                },
                { key: "business", header: t("columns.business"), cell: (s) => s.business_name },
                { key: "location", header: t("columns.location"), cell: (s) => s.location ?? "—" },
                { key: "staff", header: t("columns.staff"), cell: (s) => actorText(s.actor) },
                {
                  key: "balance",
                  header: t("columns.balance"),
                  cell: (s) => (
                    <>
                      <span data-api-text>{webKind(s.programme).scanBalance(s)}</span>
                      {s.amount && <span className="small muted block">{t("onAmount", { amount: s.amount })}</span>}
                    </>
                  ),
                },
              ]}
            />
            <CursorPagination
              page={cursors.length + 1}
              hasMore={page.has_more}
              onPrevious={() => setCursors((c) => c.slice(0, -1))}
              onNext={() => {
                const next = page.next_cursor;
                if (next) setCursors((c) => [...c, next]);
              }}
              label={t("title")}
            />
          </>
        )}
      </section>
    </>
  );
}
