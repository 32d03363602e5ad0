"use client";

import { clearDraft, useDraft } from "@/lib/payments/local";
import Link from "next/link";
import { useId, useState } from "react";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Pagination } from "@/components/ui/pagination";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/query-state";
import type { Address } from "@/lib/contract/address";
import { useAddresses, useDeleteAddress } from "@/lib/queries/addresses";
import { useBusinessOptions } from "@/lib/queries/businesses";
import { usePageInRange } from "../use-page";
import { AddressForm } from "./address-form";

function AddressCard({ address, onEdit }: { address: Address; onEdit: () => void }) {
  const remove = useDeleteAddress();
  const label = `${address.address}, ${address.city}`;
  return (
    <li className="item-card">
      <div className="item-main">
        <h3>{label}</h3>
        <p className="muted">
          {address.business_name} · {address.state} {address.zip_code}, {address.country_name}
        </p>
      </div>
      <div className="item-actions">
        <button type="button" className="btn btn-secondary btn-small" onClick={onEdit}>
          <span aria-hidden="true">Edit</span>
          <span className="visually-hidden">Edit {label}</span>
        </button>
        <ConfirmButton
          subject={label}
          title="Delete this address?"
          confirmLabel="Delete address"
          onConfirm={async () => (await remove.mutateAsync(address.id)) as { message: string }}
        >
          {label} is removed from {address.business_name}.
        </ConfirmButton>
      </div>
    </li>
  );
}

export function AddressSection() {
  const [page, setPage] = useState(1);
  const [businessId, setBusinessId] = useState<number | undefined>();
  const [chosen, setEditing] = useState<Address | "new" | null>(null);
  // Back from paying the extra-slot fee: the form opens again with what was typed.
  const draft = useDraft("address");
  const [draftDone, setDraftDone] = useState(false);
  const editing = chosen ?? (draft && !draftDone ? "new" : null);
  const closeForm = () => {
    setEditing(null);
    setDraftDone(true);
    clearDraft("address");
  };
  const businesses = useBusinessOptions();
  const list = useAddresses(page, businessId);
  usePageInRange(list.data, setPage);
  const filterId = useId();

  if (businesses.isSuccess && businesses.data.length === 0) {
    return (
      <>
        <h1 className="page-title">Addresses</h1>
        <EmptyState
          title="Add a business first"
          action={
            <Link className="btn btn-primary" href="/dashboard/business">
              Add a business
            </Link>
          }
        >
          Addresses are the locations of your businesses. Add your business, then its other locations here.
        </EmptyState>
      </>
    );
  }

  return (
    <>
      <div className="section-header">
        <h1 className="page-title">Addresses</h1>
        {editing === null && (
          <button
            type="button"
            className="btn btn-primary"
            disabled={!businesses.isSuccess}
            onClick={() => setEditing("new")}
          >
            Add address
          </button>
        )}
      </div>
      {editing !== null && businesses.isSuccess && (
        <AddressForm
          key={editing === "new" ? "new" : editing.id}
          address={editing === "new" ? undefined : editing}
          businesses={businesses.data}
          businessId={businessId}
          draft={editing === "new" ? draft : null}
          onDone={closeForm}
        />
      )}
      {businesses.isSuccess && businesses.data.length > 1 && (
        <div className="field filter">
          <label htmlFor={filterId}>Show addresses of</label>
          <select
            id={filterId}
            value={businessId ?? ""}
            onChange={(event) => {
              setBusinessId(event.target.value ? Number(event.target.value) : undefined);
              setPage(1);
            }}
          >
            <option value="">All businesses</option>
            {businesses.data.map((b) => (
              <option key={b.id} value={b.id}>
                {b.business_name}
              </option>
            ))}
          </select>
        </div>
      )}
      {list.isPending ? (
        <Skeleton label="Loading your addresses…" />
      ) : list.isError ? (
        <ErrorState what="your addresses" error={list.error} onRetry={() => list.refetch()} />
      ) : list.data.total === 0 ? (
        editing === null && (
          <EmptyState
            title="No addresses yet"
            action={
              <button type="button" className="btn btn-primary" onClick={() => setEditing("new")}>
                Add an address
              </button>
            }
          >
            Add each location where customers collect stamps, so their scans show where they happened.
          </EmptyState>
        )
      ) : (
        <>
          <ul className="item-list" aria-label="Your addresses">
            {list.data.items.map((address) => (
              <AddressCard key={address.id} address={address} onEdit={() => setEditing(address)} />
            ))}
          </ul>
          <Pagination data={list.data} onPage={setPage} label="Addresses" />
        </>
      )}
    </>
  );
}
