"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/query-state";
import { DEFAULT_SEGMENT_DAYS, SEGMENTS, segmentTakesDays, type Segment } from "@/contract/customers";
import { useCustomers } from "@/lib/browser/queries/customers";
import { useProfile } from "@/lib/browser/queries/user";
import { BusinessFilter, submitFilters, type FilterValues } from "../filters";
import { CustomerDetailDialog } from "./customer-detail";
import { ImportCustomers } from "./import-dialog";
import { useOwnerWords } from "@/components/kinds/use-owner-words";
import { webKind } from "@/components/kinds";
import { Flags } from "./flags";
import { Programme } from "./programme";
import "./customers.css";

function Filters({ onApply }: { onApply: (filters: FilterValues) => void }) {
  const owner = useProfile().data?.role === "owner";
  const [segment, setSegment] = useState<Segment>("all");
  const t = useTranslations("dashboardMore.customers");
  const segments = useTranslations("dashboardMore.segments");
  const lt = useTranslations("levels.directory");
  const words = useOwnerWords();
  return (
    <form className="customer-filters" onSubmit={submitFilters(onApply)} role="search" aria-label={t("find")}>
      <div className="field customer-search">
        <label htmlFor="customer-q">{t("search")}</label>
        <input
          id="customer-q"
          name="q"
          type="search"
          maxLength={100}
          placeholder={t("searchPlaceholder")}
          autoComplete="off"
        />
      </div>
      {owner && <BusinessFilter id="customer-business" />}
      <div className="field">
        <label htmlFor="customer-segment">{t("segment")}</label>
        <select
          id="customer-segment"
          name="segment"
          value={segment}
          onChange={(event) => setSegment(event.target.value as Segment)}
        >
          {SEGMENTS.map((s) => (
            <option key={s} value={s}>
              {s === "near_reward" ? words("segmentNear") : segments(s)}
            </option>
          ))}
        </select>
      </div>
      {segment === "level" && (
        <div className="field customer-days">
          <label htmlFor="customer-level">{lt("levelName")}</label>
          <input id="customer-level" name="level" maxLength={40} required autoComplete="off" />
        </div>
      )}
      {segmentTakesDays(segment) && (
        <div className="field customer-days">
          <label htmlFor="customer-days">{t("days")}</label>
          <input
            id="customer-days"
            name="days"
            type="number"
            min={1}
            max={3650}
            defaultValue={DEFAULT_SEGMENT_DAYS}
            required
          />
        </div>
      )}
      <div className="field">
        <label htmlFor="customer-ready">{t("reward")}</label>
        <select id="customer-ready" name="reward_ready" defaultValue="">
          <option value="">{t("any")}</option>
          <option value="true">{t("ready")}</option>
          <option value="false">{t("notReady")}</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="customer-from">{t("lastFrom")}</label>
        <input id="customer-from" name="last_visit_from" type="date" />
      </div>
      <div className="field">
        <label htmlFor="customer-to">{t("lastTo")}</label>
        <input id="customer-to" name="last_visit_to" type="date" />
      </div>
      <Button type="submit">{t("search")}</Button>
    </form>
  );
}

/**
 * Customers: every card holder of the owner's businesses, newest visit first, with
 * search, segments and filters; "Show more" loads the next keyset page. A row opens the customer.
 */
export function CustomersSection() {
  const [filters, setFilters] = useState<FilterValues>({});
  const [open, setOpen] = useState<string | null>(null);
  const list = useCustomers(filters);
  const owner = useProfile().data?.role === "owner";
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = Object.keys(filters).some((k) => k !== "segment" || filters[k] !== "all");
  const t = useTranslations("dashboardMore.customers");
  const lt = useTranslations("levels.directory");
  const format = useFormatter();
  const words = useOwnerWords();
  const day = (iso: string) => format.dateTime(new Date(iso), "day");
  return (
    <>
      <div className="row-between">
        <h1 className="page-title">{t("title")}</h1>
        {owner && <ImportCustomers />}
      </div>
      <section className="card" aria-labelledby="customers-title">
        <h2 id="customers-title" className="visually-hidden">
          {t("cardHolders")}
        </h2>
        <Filters onApply={setFilters} />
        {list.isPending ? (
          <Skeleton label={t("loading")} height="2.5rem" />
        ) : list.isError ? (
          <ErrorState what={t("what")} error={list.error} onRetry={() => list.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState title={filtered ? t("noMatch") : t("emptyTitle")}>
            {filtered ? t("noMatchText") : t("emptyText")}
          </EmptyState>
        ) : (
          <>
            <p className="small muted" aria-live="polite">
              {t("showing", { count: rows.length, more: list.hasNextPage ? "yes" : "no" })}
            </p>
            <DataTable
              className="scan-table customer-table"
              caption={t("caption")}
              rows={rows}
              rowKey={(c) => c.serial}
              columns={[
                {
                  key: "customer",
                  header: t("col.customer"),
                  labelled: false,
                  cell: (c) => (
                    <>
                      <button type="button" className="btn-link customer-name" onClick={() => setOpen(c.serial)}>
                        {c.name}
                      </button>
                      <span className="small muted block">{c.email}</span>
                      {c.phone && <span className="small muted block">{c.phone}</span>}
                    </>
                  ),
                },
                { key: "business", header: t("col.business"), cell: (c) => c.business_name },
                {
                  key: "stamps",
                  header: words("balanceHead"),
                  cell: (c) => (
                    <>
                      <span data-api-text>{webKind(c.kind).directoryBalance(c)}</span>
                      <Programme kind={c.kind} title={c.reward_title} className="small muted block" />
                    </>
                  ),
                },
                { key: "rewards", header: t("col.rewards"), cell: (c) => c.rewards_redeemed },
                { key: "level", header: lt("level"), cell: (c) => c.level ?? "" },
                {
                  key: "firstVisit",
                  header: t("col.firstVisit"),
                  cell: (c) => <time dateTime={c.first_visit_at}>{day(c.first_visit_at)}</time>,
                },
                {
                  key: "lastVisit",
                  header: t("col.lastVisit"),
                  cell: (c) => <time dateTime={c.last_visit_at}>{day(c.last_visit_at)}</time>,
                },
                { key: "flags", header: t("col.flags"), cell: (c) => <Flags flags={c.flags} kind={c.kind} /> },
              ]}
            />
            {list.hasNextPage && (
              <div className="form-actions">
                <Button variant="secondary" busy={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>
                  {t("showMore")}
                </Button>
              </div>
            )}
          </>
        )}
      </section>
      <CustomerDetailDialog serial={open} onClose={() => setOpen(null)} />
    </>
  );
}
