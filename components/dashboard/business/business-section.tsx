"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { ItemRow } from "@/components/ui/item-row";
import { EmptyState } from "@/components/ui/query-state";
import type { Business } from "@/contract/business";
import { useBusinesses, useDeleteBusiness } from "@/lib/browser/queries/businesses";
import { PagedList } from "../paged-list";
import { useDraftEditing } from "../use-draft-editing";
import { BusinessForm } from "./business-form";

function BusinessCard({ business, onEdit }: { business: Business; onEdit: () => void }) {
  const remove = useDeleteBusiness();
  const name = business.business_name;
  const t = useTranslations("dashboardMore.business");
  // What goes with a deleted business, naming only what it has.
  const goes =
    business.addresses_count > 0
      ? business.business_logo
        ? "both"
        : "locations"
      : business.business_logo
        ? "logo"
        : "none";
  return (
    <ItemRow
      name={name}
      media={
        business.business_logo ? (
          // eslint-disable-next-line @next/next/no-img-element -- our own immutable /api/files URL, already resized
          <img src={business.business_logo} alt={t("logoAlt", { name })} className="logo" width={56} height={56} />
        ) : (
          <span className="logo logo-empty" aria-hidden="true">
            {name.slice(0, 1).toUpperCase()}
          </span>
        )
      }
      edit={{ onClick: onEdit }}
      remove={{
        title: t("deleteTitle", { name }),
        warning: t("deleteWarning", { goes, count: business.addresses_count }),
        confirmLabel: t("deleteConfirm"),
        onConfirm: () => remove.mutateAsync(business.id),
      }}
    >
      <p className="muted">
        {business.business_category} · {business.address}, {business.city} {business.zip_code}, {business.country_name}
      </p>
      <p className="muted small">
        {t("locations", { count: business.addresses_count })}
        {business.currency && ` · ${t("countsIn", { currency: business.currency })}`}
      </p>
    </ItemRow>
  );
}

export function BusinessSection() {
  const [page, setPage] = useState(1);
  const { editing, setEditing, close: closeForm, draft } = useDraftEditing<Business>("business");
  const list = useBusinesses(page);
  const t = useTranslations("dashboardMore.business");

  return (
    <>
      <div className="section-header">
        <h1 className="page-title">{t("title")}</h1>
        {editing === null && (
          <button type="button" className="btn btn-primary" onClick={() => setEditing("new")}>
            {t("add")}
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
        what={t("what")}
        pages={t("title")}
        onPage={setPage}
        empty={
          editing === null && (
            <EmptyState
              title={t("emptyTitle")}
              action={
                <button type="button" className="btn btn-primary" onClick={() => setEditing("new")}>
                  {t("addFirst")}
                </button>
              }
            >
              {t("emptyText")}
            </EmptyState>
          )
        }
      >
        {(business) => <BusinessCard key={business.id} business={business} onEdit={() => setEditing(business)} />}
      </PagedList>
    </>
  );
}
