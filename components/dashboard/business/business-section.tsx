"use client";

import { clearDraft, useDraft } from "@/lib/payments/local";
import { useState } from "react";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Pagination } from "@/components/ui/pagination";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/query-state";
import type { Business } from "@/lib/contract/business";
import { useBusinesses, useDeleteBusiness } from "@/lib/queries/businesses";
import { usePageInRange } from "../use-page";
import { BusinessForm } from "./business-form";

/** What goes with a deleted business, naming only what it has. */
function deleteNote(business: Business) {
  const parts = [
    business.addresses_count > 0 && (business.addresses_count === 1 ? "its location" : "its locations"),
    business.business_logo && "its logo",
  ].filter(Boolean);
  return `${parts.length > 0 ? `${parts.join(" and ")} go with it. ` : ""}This cannot be undone.`.replace(/^i/, "I");
}

function BusinessCard({ business, onEdit }: { business: Business; onEdit: () => void }) {
  const remove = useDeleteBusiness();
  const name = business.business_name;
  return (
    <li className="item-card">
      {business.business_logo ? (
        // eslint-disable-next-line @next/next/no-img-element -- our own immutable /api/files URL, already resized
        <img src={business.business_logo} alt={`${name} logo`} className="logo" width={56} height={56} />
      ) : (
        <span className="logo logo-empty" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <div className="item-main">
        <h3>{name}</h3>
        <p className="muted">
          {business.business_category} · {business.address}, {business.city} {business.zip_code},{" "}
          {business.country_name}
        </p>
        <p className="muted small">
          {business.addresses_count === 1 ? "1 location" : `${business.addresses_count} locations`}
        </p>
      </div>
      <div className="item-actions">
        <button type="button" className="btn btn-secondary btn-small" onClick={onEdit}>
          <span aria-hidden="true">Edit</span>
          <span className="visually-hidden">Edit {name}</span>
        </button>
        <ConfirmButton
          subject={name}
          title={`Delete ${name}?`}
          confirmLabel="Delete business"
          onConfirm={async () => (await remove.mutateAsync(business.id)) as { message: string }}
        >
          {deleteNote(business)}
        </ConfirmButton>
      </div>
    </li>
  );
}

export function BusinessSection() {
  const [page, setPage] = useState(1);
  const [chosen, setEditing] = useState<Business | "new" | null>(null);
  // Back from paying the extra-slot fee: the form opens again with what was typed.
  const draft = useDraft("business");
  const [draftDone, setDraftDone] = useState(false);
  const editing = chosen ?? (draft && !draftDone ? "new" : null);
  const closeForm = () => {
    setEditing(null);
    setDraftDone(true);
    clearDraft("business");
  };
  const list = useBusinesses(page);
  usePageInRange(list.data, setPage);

  return (
    <>
      <div className="section-header">
        <h1 className="page-title">Businesses</h1>
        {editing === null && (
          <button type="button" className="btn btn-primary" onClick={() => setEditing("new")}>
            Add business
          </button>
        )}
      </div>
      {editing !== null && (
        <BusinessForm
          key={editing === "new" ? "new" : editing.id}
          business={editing === "new" ? undefined : editing}
          draft={editing === "new" ? draft : null}
          onDone={closeForm}
        />
      )}
      {list.isPending ? (
        <Skeleton label="Loading your businesses…" />
      ) : list.isError ? (
        <ErrorState what="your businesses" error={list.error} onRetry={() => list.refetch()} />
      ) : list.data.total === 0 ? (
        editing === null && (
          <EmptyState
            title="No businesses yet"
            action={
              <button type="button" className="btn btn-primary" onClick={() => setEditing("new")}>
                Add your first business
              </button>
            }
          >
            Add your business with its logo and address. Then add its locations, and print a QR code for each counter.
          </EmptyState>
        )
      ) : (
        <>
          <ul className="item-list" aria-label="Your businesses">
            {list.data.items.map((business) => (
              <BusinessCard key={business.id} business={business} onEdit={() => setEditing(business)} />
            ))}
          </ul>
          <Pagination data={list.data} onPage={setPage} label="Businesses" />
        </>
      )}
    </>
  );
}
