"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import toast from "react-hot-toast";
import { FormActions } from "@/components/ui/form-actions";
import { ItemRow } from "@/components/ui/item-row";
import { EmptyState } from "@/components/ui/query-state";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { productCategoryAddBody, type ProductCategory } from "@/contract/product-category";
import { useBusinessOptions } from "@/lib/browser/queries/businesses";
import {
  useDeleteProductCategory,
  useProductCategories,
  useSaveProductCategory,
} from "@/lib/browser/queries/product-categories";
import { useContractForm } from "@/lib/browser/use-contract-form";
import { PagedList } from "../paged-list";

function CategoryForm({ category, onDone }: { category?: ProductCategory; onDone?: () => void }) {
  const save = useSaveProductCategory();
  const businesses = useBusinessOptions();
  const headingId = useId();
  const t = useTranslations("dashboard.categories");
  const form = useContractForm(
    productCategoryAddBody,
    { name: category?.name ?? "", business_id: category?.business_id ? String(category.business_id) : "" },
    async (values) => {
      const result = await save.mutateAsync({ ...values, id: category?.id });
      toast.success(result.message);
      onDone?.();
    },
    { resetOnSuccess: !category },
  );
  return (
    <section className="card form-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{category ? t("rename", { name: category.name }) : t("add")}</h2>
      <form className="form" {...form.formProps}>
        <div className="form-row">
          <TextField label={t("name")} hint={t("nameHint")} required {...form.field("name")} />
          <SelectField
            label={t("business")}
            placeholder={t("allMine")}
            hint={t("businessHint")}
            options={(businesses.data ?? []).map((b) => ({ value: String(b.id), label: b.business_name }))}
            {...form.field("business_id")}
          />
        </div>
        <FormActions submit={category ? t("save") : t("addButton")} busy={form.busy} onCancel={onDone} />
      </form>
    </section>
  );
}

function CategoryRow({ category, onEdit }: { category: ProductCategory; onEdit: () => void }) {
  const remove = useDeleteProductCategory();
  const t = useTranslations("dashboard.categories");
  return (
    <ItemRow
      name={category.name}
      edit={{ onClick: onEdit }}
      remove={{
        title: t("deleteTitle", { name: category.name }),
        warning: t("deleteWarning"),
        confirmLabel: t("deleteConfirm"),
        onConfirm: () => remove.mutateAsync(category.id),
      }}
    >
      <p className="muted small">{category.business_name ?? t("allBusinesses")}</p>
    </ItemRow>
  );
}

export function ProductCategorySection() {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<ProductCategory | null>(null);
  const list = useProductCategories(page);
  const t = useTranslations("dashboard.categories");
  return (
    <>
      <h1 className="page-title">{t("title")}</h1>
      {editing ? (
        <CategoryForm key={editing.id} category={editing} onDone={() => setEditing(null)} />
      ) : (
        <CategoryForm />
      )}
      <PagedList
        list={list}
        what={t("what")}
        pages={t("pages")}
        onPage={setPage}
        rowHeight="3rem"
        empty={<EmptyState title={t("emptyTitle")}>{t("emptyText")}</EmptyState>}
      >
        {(category) => <CategoryRow key={category.id} category={category} onEdit={() => setEditing(category)} />}
      </PagedList>
    </>
  );
}
