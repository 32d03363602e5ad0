"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { ItemRow } from "@/components/ui/item-row";
import { EmptyState } from "@/components/ui/query-state";
import type { Address } from "@/contract/address";
import { useAddresses, useDeleteAddress } from "@/lib/browser/queries/addresses";
import { useBusinessOptions } from "@/lib/browser/queries/businesses";
import { PagedList } from "../paged-list";
import { useDraftEditing } from "../use-draft-editing";
import { AddressForm } from "./address-form";

function AddressCard({ address, onEdit }: { address: Address; onEdit: () => void }) {
  const remove = useDeleteAddress();
  const label = `${address.address}, ${address.city}`;
  const t = useTranslations("dashboardMore.address");
  return (
    <ItemRow
      name={label}
      edit={{ onClick: onEdit }}
      remove={{
        title: t("deleteTitle"),
        warning: t("deleteWarning", { label, business: address.business_name }),
        confirmLabel: t("deleteConfirm"),
        onConfirm: () => remove.mutateAsync(address.id),
      }}
    >
      <p className="muted">
        {address.business_name} · {address.state} {address.zip_code}, {address.country_name}
      </p>
    </ItemRow>
  );
}

export function AddressSection() {
  const [page, setPage] = useState(1);
  const [businessId, setBusinessId] = useState<number | undefined>();
  const { editing, setEditing, close: closeForm, draft } = useDraftEditing<Address>("address");
  const businesses = useBusinessOptions();
  const list = useAddresses(page, businessId);
  const filterId = useId();
  const t = useTranslations("dashboardMore.address");

  if (businesses.isSuccess && businesses.data.length === 0) {
    return (
      <>
        <h1 className="page-title">{t("title")}</h1>
        <EmptyState
          title={t("businessFirstTitle")}
          action={
            <Link className="btn btn-primary" href="/dashboard/business">
              {t("addBusiness")}
            </Link>
          }
        >
          {t("businessFirstText")}
        </EmptyState>
      </>
    );
  }

  return (
    <>
      <div className="section-header">
        <h1 className="page-title">{t("title")}</h1>
        {editing === null && (
          <button
            type="button"
            className="btn btn-primary"
            disabled={!businesses.isSuccess}
            onClick={() => setEditing("new")}
          >
            {t("add")}
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
          <label htmlFor={filterId}>{t("filter")}</label>
          <select
            id={filterId}
            value={businessId ?? ""}
            onChange={(event) => {
              setBusinessId(event.target.value ? Number(event.target.value) : undefined);
              setPage(1);
            }}
          >
            <option value="">{t("allBusinesses")}</option>
            {businesses.data.map((b) => (
              <option key={b.id} value={b.id}>
                {b.business_name}
              </option>
            ))}
          </select>
        </div>
      )}
      <PagedList
        list={list}
        what={t("what")}
        pages={t("title")}
        onPage={setPage}
        empty={
          editing === null && (
            <EmptyState
              title={t("emptyTitle")}
              action={
                <button type="button" className="btn btn-primary" onClick={() => setEditing("new")}>
                  {t("addHeading")}
                </button>
              }
            >
              {t("emptyText")}
            </EmptyState>
          )
        }
      >
        {(address) => <AddressCard key={address.id} address={address} onEdit={() => setEditing(address)} />}
      </PagedList>
    </>
  );
}
