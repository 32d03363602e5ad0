"use client";

import { useState } from "react";
import { CursorPagination } from "@/components/ui/pagination";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/query-state";
import { SCAN_KINDS } from "@/lib/contract/scans";
import { useScans } from "@/lib/queries/loyalty";
import { useProfile } from "@/lib/queries/user";
import { BusinessFilter, submitFilters, type FilterValues } from "../filters";
import { CardDetail } from "./card-detail";
import { CardScanner } from "./card-scanner";
import "./scans.css";

const KIND_LABEL = { join: "Joined", stamp: "Stamp", redeem: "Redeemed" } as const;
const when = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

function Filters({ onApply }: { onApply: (filters: FilterValues) => void }) {
  const profile = useProfile();
  const owner = profile.data?.role === "owner";
  return (
    <form className="scan-filters" onSubmit={submitFilters(onApply)} aria-label="Filter scans">
      {owner && <BusinessFilter id="filter-business" />}
      <div className="field">
        <label htmlFor="filter-kind">Kind</label>
        <select id="filter-kind" name="kind" defaultValue="">
          <option value="">Every kind</option>
          {SCAN_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_LABEL[kind]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-from">From</label>
        <input id="filter-from" name="from" type="date" />
      </div>
      <div className="field">
        <label htmlFor="filter-to">To</label>
        <input id="filter-to" name="to" type="date" />
      </div>
      <button type="submit" className="btn btn-secondary">
        Apply filters
      </button>
    </form>
  );
}

/**
 * My Scans: the scanner, then every join, stamp and redeem, filtered, paged, and as CSV. Pages go
 * by cursor (a long history has no cheap count or deep offset): `cursors` holds where each page
 * after the first starts, so Previous goes back and Next follows the answer's `next_cursor`.
 */
export function MyScansSection() {
  const [cursors, setCursors] = useState<string[]>([]);
  const [filters, setFilters] = useState<FilterValues>({});
  const [card, setCard] = useState<string | null>(null);
  const list = useScans(cursors.at(-1) ?? null, filters);
  const csv = `/api/scan-export${Object.keys(filters).length ? `?${new URLSearchParams(filters)}` : ""}`;
  return (
    <>
      <h1 className="page-title">My scans</h1>
      <CardScanner onOpenCard={setCard} />
      {card && <CardDetail serial={card} onClose={() => setCard(null)} />}
      <section className="card" aria-labelledby="scans-title">
        <div className="row-between">
          <h2 id="scans-title">Scans</h2>
          <a className="btn btn-secondary btn-small" href={csv} download>
            Export CSV
          </a>
        </div>
        <Filters
          onApply={(next) => {
            setFilters(next);
            setCursors([]);
          }}
        />
        {list.isPending ? (
          <Skeleton label="Loading scans…" height="2.5rem" />
        ) : list.isError ? (
          <ErrorState what="the scans" error={list.error} onRetry={() => list.refetch()} />
        ) : list.data.items.length === 0 && cursors.length === 0 ? (
          <EmptyState title="No scans here">
            Joins, stamps and redeemed rewards appear here as customers scan your QR codes and you scan their cards.
          </EmptyState>
        ) : (
          <>
            <div className="table-scroll">
              <table className="scan-table">
                <caption className="visually-hidden">Scans, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Time</th>
                    <th scope="col">Kind</th>
                    <th scope="col">Customer</th>
                    <th scope="col">Business</th>
                    <th scope="col">Location</th>
                    <th scope="col">Staff</th>
                    <th scope="col">Balance</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.items.map((s) => (
                    <tr key={s.id}>
                      <td>
                        <time dateTime={s.created_at}>{when.format(new Date(s.created_at))}</time>
                      </td>
                      <td>
                        <span className={`badge scan-${s.kind}`}>{KIND_LABEL[s.kind]}</span>
                      </td>
                      <td>
                        <button type="button" className="link-button" onClick={() => setCard(s.serial)}>
                          {s.customer_name}
                        </button>
                        {s.flag_reason && (
                          <span className="badge badge-warning scan-flag" title={s.flag_reason}>
                            Flagged<span className="visually-hidden">: {s.flag_reason}</span>
                          </span>
                        )}
                        <span className="small muted block">{s.serial}</span>
                      </td>
                      <td>{s.business_name}</td>
                      <td>{s.location ?? "—"}</td>
                      <td>{s.staff_name ?? "Self-scan"}</td>
                      <td>
                        {s.programme === "stamps" ? s.stamps_after : s.balance_after_text}
                        {s.amount && <span className="small muted block">on {s.amount}</span>}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <CursorPagination
              page={cursors.length + 1}
              hasMore={list.data.has_more}
              onPrevious={() => setCursors((c) => c.slice(0, -1))}
              onNext={() => {
                const next = list.data.next_cursor;
                if (next) setCursors((c) => [...c, next]);
              }}
              label="Scans"
            />
          </>
        )}
      </section>
    </>
  );
}
