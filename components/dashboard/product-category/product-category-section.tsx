"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import toast from "react-hot-toast";
import { FormActions } from "@/components/ui/form-actions";
import { ItemRow } from "@/components/ui/item-row";
import { EmptyState } from "@/components/ui/query-state";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import type { CategoryRule } from "@/contract/category-rules";
import { productCategoryAddBody, type ProductCategory } from "@/contract/product-category";
import type { Reward } from "@/contract/rewards";
import { useBusinessOptions } from "@/lib/browser/queries/businesses";
import { useCategoryRules, useRuleProgrammes } from "@/lib/browser/queries/category-rules";
import { usePlanIncludes } from "@/lib/browser/queries/plan-feature";
import {
  useDeleteProductCategory,
  useProductCategories,
  useSaveProductCategory,
} from "@/lib/browser/queries/product-categories";
import { useContractForm } from "@/lib/browser/use-contract-form";
import { PagedList } from "../paged-list";
import { CategoryRules } from "./category-rules";
import { ItemIdsField } from "./item-ids-field";
import "./product-category.css";

function CategoryForm({ category, onDone }: { category?: ProductCategory; onDone?: () => void }) {
  const save = useSaveProductCategory();
  const businesses = useBusinessOptions();
  const headingId = useId();
  const t = useTranslations("dashboard.categories");
  const form = useContractForm(
    productCategoryAddBody,
    {
      name: category?.name ?? "",
      business_id: category?.business_id ? String(category.business_id) : "",
      item_ids: (category?.item_ids ?? []).join("\n"),
    },
    async (values) => {
      const result = await save.mutateAsync({ ...values, id: category?.id });
      toast.success(result.message);
      onDone?.();
    },
    { resetOnSuccess: !category },
  );
  // The contract names a bad id by its place in the list ("item_ids.2").
  const itemIdsError = Object.entries(form.errors).find(([key]) => key.split(".")[0] === "item_ids")?.[1];
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
        <ItemIdsField
          value={form.values.item_ids ?? ""}
          onChange={(item_ids) => form.setValues((v) => ({ ...v, item_ids }))}
          error={itemIdsError}
        />
        <FormActions submit={category ? t("save") : t("addButton")} busy={form.busy} onCancel={onDone} />
      </form>
    </section>
  );
}

function CategoryRow({
  category,
  rules,
  programmes,
  editable,
  onEdit,
}: {
  category: ProductCategory;
  rules: CategoryRule[];
  programmes: Reward[];
  editable: boolean;
  onEdit: () => void;
}) {
  const remove = useDeleteProductCategory();
  const t = useTranslations("dashboard.categories");
  const items = useTranslations("categories.itemIds");
  return (
    <ItemRow
      name={category.name}
      edit={editable ? { onClick: onEdit } : undefined}
      remove={{
        title: t("deleteTitle", { name: category.name }),
        warning: t("deleteWarning"),
        confirmLabel: t("deleteConfirm"),
        onConfirm: () => remove.mutateAsync(category.id),
      }}
    >
      <p className="muted small">{category.business_name ?? t("allBusinesses")}</p>
      <p className="small category-item-ids" data-testid="category-item-ids">
        {items("count", { count: category.item_ids.length })}
        {category.item_ids.length > 0 && (
          <>
            {": "}
            <span data-user-content>{category.item_ids.join(", ")}</span>
          </>
        )}
      </p>
      <CategoryRules category={category} rules={rules} programmes={programmes} editable={editable} />
    </ItemRow>
  );
}

/** The plan's refusal before any form: what the feature does, and the way to a plan with it. */
function Upsell() {
  const t = useTranslations("categories");
  return (
    <div className="card category-upsell" role="note" data-testid="categories-upsell">
      <p>{t("upsell")}</p>
      <Link className="btn btn-primary" href="/dashboard/plans">
        {t("seePlans")}
      </Link>
    </div>
  );
}

/**
 * Product categories: each with the till's item ids it holds and its earning rules (a multiplier
 * per points or cashback programme). Without the plan's feature the page offers the upgrade
 * instead of the forms; categories already made stay listed, and may be deleted.
 */
export function ProductCategorySection() {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<ProductCategory | null>(null);
  const list = useProductCategories(page);
  const rules = useCategoryRules();
  const programmes = useRuleProgrammes();
  const included = usePlanIncludes("product-categories");
  const editable = included !== false;
  const t = useTranslations("dashboard.categories");
  return (
    <>
      <h1 className="page-title">{t("title")}</h1>
      {!editable ? (
        <Upsell />
      ) : editing ? (
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
        {(category) => (
          <CategoryRow
            key={category.id}
            category={category}
            rules={rules.data ?? []}
            programmes={programmes.data ?? []}
            editable={editable}
            onEdit={() => setEditing(category)}
          />
        )}
      </PagedList>
    </>
  );
}
