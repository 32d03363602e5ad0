"use client";

import { useState } from "react";
import { ItemRow } from "@/components/ui/item-row";
import { EmptyState } from "@/components/ui/query-state";
import type { Business } from "@/lib/contract/business";
import { useBusinesses, useDeleteBusiness } from "@/lib/queries/businesses";
import { PagedList } from "../paged-list";
import { useDraftEditing } from "../use-draft-editing";
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
    <ItemRow
      name={name}
      media={
        business.business_logo ? (
          // eslint-disable-next-line @next/next/no-img-element -- our own immutable /api/files URL, already resized
          <img src={business.business_logo} alt={`${name} logo`} className="logo" width={56} height={56} />
        ) : (
          <span className="logo logo-empty" aria-hidden="true">
            {name.slice(0, 1).toUpperCase()}
          </span>
        )
      }
      edit={{ onClick: onEdit }}
      remove={{
        title: `Delete ${name}?`,
        warning: deleteNote(business),
        confirmLabel: "Delete business",
        onConfirm: () => remove.mutateAsync(business.id),
      }}
    >
      <p className="muted">
        {business.business_category} · {business.address}, {business.city} {business.zip_code}, {business.country_name}
      </p>
      <p className="muted small">
        {business.addresses_count === 1 ? "1 location" : `${business.addresses_count} locations`}
        {business.currency && ` · counts in ${business.currency}`}
      </p>
    </ItemRow>
  );
}

export function BusinessSection() {
  const [page, setPage] = useState(1);
  const { editing, setEditing, close: closeForm, draft } = useDraftEditing<Business>("business");
  const list = useBusinesses(page);

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
      <PagedList
        list={list}
        what="your businesses"
        pages="Businesses"
        onPage={setPage}
        empty={
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
        }
      >
        {(business) => <BusinessCard key={business.id} business={business} onEdit={() => setEditing(business)} />}
      </PagedList>
    </>
  );
}
