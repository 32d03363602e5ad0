"use client";

import { useId, useState } from "react";
import toast from "react-hot-toast";
import { FormActions } from "@/components/ui/form-actions";
import { ItemRow } from "@/components/ui/item-row";
import { EmptyState } from "@/components/ui/query-state";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { productCategoryAddBody, type ProductCategory } from "@/lib/contract/product-category";
import { useBusinessOptions } from "@/lib/queries/businesses";
import {
  useDeleteProductCategory,
  useProductCategories,
  useSaveProductCategory,
} from "@/lib/queries/product-categories";
import { useContractForm } from "@/lib/use-contract-form";
import { PagedList } from "../paged-list";

function CategoryForm({ category, onDone }: { category?: ProductCategory; onDone?: () => void }) {
  const save = useSaveProductCategory();
  const businesses = useBusinessOptions();
  const headingId = useId();
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
      <h2 id={headingId}>{category ? `Rename ${category.name}` : "Add a product category"}</h2>
      <form className="form" {...form.formProps}>
        <div className="form-row">
          <TextField
            label="Category name"
            hint="For example Coffee, Pastries or Haircuts."
            required
            {...form.field("name")}
          />
          <SelectField
            label="Business"
            placeholder="All my businesses"
            hint="Optional: tie the category to one business."
            options={(businesses.data ?? []).map((b) => ({ value: String(b.id), label: b.business_name }))}
            {...form.field("business_id")}
          />
        </div>
        <FormActions submit={category ? "Save category" : "Add category"} busy={form.busy} onCancel={onDone} />
      </form>
    </section>
  );
}

function CategoryRow({ category, onEdit }: { category: ProductCategory; onEdit: () => void }) {
  const remove = useDeleteProductCategory();
  return (
    <ItemRow
      name={category.name}
      edit={{ onClick: onEdit }}
      remove={{
        title: `Delete ${category.name}?`,
        warning: "Rewards that count stamps for this category will count every stamp instead.",
        confirmLabel: "Delete category",
        onConfirm: () => remove.mutateAsync(category.id),
      }}
    >
      <p className="muted small">{category.business_name ?? "All businesses"}</p>
    </ItemRow>
  );
}

export function ProductCategorySection() {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<ProductCategory | null>(null);
  const list = useProductCategories(page);
  return (
    <>
      <h1 className="page-title">Product categories</h1>
      {editing ? (
        <CategoryForm key={editing.id} category={editing} onDone={() => setEditing(null)} />
      ) : (
        <CategoryForm />
      )}
      <PagedList
        list={list}
        what="your product categories"
        pages="Product categories"
        onPage={setPage}
        rowHeight="3rem"
        empty={
          <EmptyState title="No product categories yet">
            Add the kinds of products you sell, above. A reward can then count stamps for one category only, such as
            &quot;every 10th coffee is free&quot;.
          </EmptyState>
        }
      >
        {(category) => <CategoryRow key={category.id} category={category} onEdit={() => setEditing(category)} />}
      </PagedList>
    </>
  );
}
