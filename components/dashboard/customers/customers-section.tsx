"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/query-state";
import {
  DEFAULT_SEGMENT_DAYS,
  SEGMENT_LABELS,
  SEGMENTS,
  segmentTakesDays,
  type Segment,
} from "@/lib/contract/customers";
import { useCustomers } from "@/lib/queries/customers";
import { useProfile } from "@/lib/queries/user";
import { BusinessFilter, submitFilters, type FilterValues } from "../filters";
import { CustomerDetailDialog } from "./customer-detail";
import { Flags, stampsOf } from "./flags";
import "./customers.css";

const day = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

function Filters({ onApply }: { onApply: (filters: FilterValues) => void }) {
  const owner = useProfile().data?.role === "owner";
  const [segment, setSegment] = useState<Segment>("all");
  return (
    <form className="customer-filters" onSubmit={submitFilters(onApply)} role="search" aria-label="Find customers">
      <div className="field customer-search">
        <label htmlFor="customer-q">Search</label>
        <input
          id="customer-q"
          name="q"
          type="search"
          maxLength={100}
          placeholder="Name, email or phone"
          autoComplete="off"
        />
      </div>
      {owner && <BusinessFilter id="customer-business" />}
      <div className="field">
        <label htmlFor="customer-segment">Segment</label>
        <select
          id="customer-segment"
          name="segment"
          value={segment}
          onChange={(event) => setSegment(event.target.value as Segment)}
        >
          {SEGMENTS.map((s) => (
            <option key={s} value={s}>
              {SEGMENT_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      {segmentTakesDays(segment) && (
        <div className="field customer-days">
          <label htmlFor="customer-days">Days (N)</label>
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
        <label htmlFor="customer-ready">Reward</label>
        <select id="customer-ready" name="reward_ready" defaultValue="">
          <option value="">Any</option>
          <option value="true">Ready to redeem</option>
          <option value="false">Not ready</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="customer-from">Last visit from</label>
        <input id="customer-from" name="last_visit_from" type="date" />
      </div>
      <div className="field">
        <label htmlFor="customer-to">Last visit to</label>
        <input id="customer-to" name="last_visit_to" type="date" />
      </div>
      <button type="submit" className="btn btn-primary">
        Search
      </button>
    </form>
  );
}

/**
 * Customers (issue 16): every card holder of the owner's businesses, newest visit first, with
 * search, segments and filters; "Show more" loads the next keyset page. A row opens the customer.
 */
export function CustomersSection() {
  const [filters, setFilters] = useState<FilterValues>({});
  const [open, setOpen] = useState<string | null>(null);
  const list = useCustomers(filters);
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = Object.keys(filters).some((k) => k !== "segment" || filters[k] !== "all");
  return (
    <>
      <h1 className="page-title">Customers</h1>
      <section className="card" aria-labelledby="customers-title">
        <h2 id="customers-title" className="visually-hidden">
          Card holders
        </h2>
        <Filters onApply={setFilters} />
        {list.isPending ? (
          <Skeleton label="Loading customers…" height="2.5rem" />
        ) : list.isError ? (
          <ErrorState what="the customers" error={list.error} onRetry={() => list.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState title={filtered ? "No customer matches" : "No customers yet"}>
            {filtered
              ? "Try another search or fewer filters."
              : "Customers appear here as soon as they add your card by scanning one of your QR codes."}
          </EmptyState>
        ) : (
          <>
            <p className="small muted" aria-live="polite">
              Showing {rows.length} customer{rows.length === 1 ? "" : "s"}
              {list.hasNextPage ? " — more below" : ""}, latest visit first.
            </p>
            <div className="table-scroll">
              <table className="scan-table customer-table">
                <caption className="visually-hidden">Customers, latest visit first</caption>
                <thead>
                  <tr>
                    <th scope="col">Customer</th>
                    <th scope="col">Business</th>
                    <th scope="col">Stamps</th>
                    <th scope="col">Rewards</th>
                    <th scope="col">First visit</th>
                    <th scope="col">Last visit</th>
                    <th scope="col">Flags</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((c) => (
                    <tr key={c.serial}>
                      <td>
                        <button type="button" className="btn-link customer-name" onClick={() => setOpen(c.serial)}>
                          {c.name}
                        </button>
                        <span className="small muted block">{c.email}</span>
                        {c.phone && <span className="small muted block">{c.phone}</span>}
                      </td>
                      <td data-label="Business">{c.business_name}</td>
                      <td data-label="Stamps">{stampsOf(c)}</td>
                      <td data-label="Rewards">{c.rewards_redeemed}</td>
                      <td data-label="First visit">
                        <time dateTime={c.first_visit_at}>{day.format(new Date(c.first_visit_at))}</time>
                      </td>
                      <td data-label="Last visit">
                        <time dateTime={c.last_visit_at}>{day.format(new Date(c.last_visit_at))}</time>
                      </td>
                      <td data-label="Flags">
                        <Flags flags={c.flags} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {list.hasNextPage && (
              <div className="form-actions">
                <Button variant="secondary" busy={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>
                  Show more customers
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
