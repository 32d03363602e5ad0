"use client";

import { useId, useState } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Pagination } from "@/components/ui/pagination";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/query-state";
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
import { usePageInRange } from "../use-page";

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
        <div className="form-actions">
          <Button type="submit" busy={form.busy}>
            {category ? "Save category" : "Add category"}
          </Button>
          {onDone && (
            <button type="button" className="btn btn-secondary" onClick={onDone}>
              Cancel
            </button>
          )}
        </div>
      </form>
    </section>
  );
}

function CategoryRow({ category, onEdit }: { category: ProductCategory; onEdit: () => void }) {
  const remove = useDeleteProductCategory();
  return (
    <li className="item-card">
      <div className="item-main">
        <h3>{category.name}</h3>
        <p className="muted small">{category.business_name ?? "All businesses"}</p>
      </div>
      <div className="item-actions">
        <button type="button" className="btn btn-secondary btn-small" onClick={onEdit}>
          <span aria-hidden="true">Edit</span>
          <span className="visually-hidden">Edit {category.name}</span>
        </button>
        <ConfirmButton
          subject={category.name}
          title={`Delete ${category.name}?`}
          confirmLabel="Delete category"
          onConfirm={async () => (await remove.mutateAsync(category.id)) as { message: string }}
        >
          Rewards that count stamps for this category will count every stamp instead.
        </ConfirmButton>
      </div>
    </li>
  );
}

export function ProductCategorySection() {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<ProductCategory | null>(null);
  const list = useProductCategories(page);
  usePageInRange(list.data, setPage);
  return (
    <>
      <h1 className="page-title">Product categories</h1>
      {editing ? (
        <CategoryForm key={editing.id} category={editing} onDone={() => setEditing(null)} />
      ) : (
        <CategoryForm />
      )}
      {list.isPending ? (
        <Skeleton label="Loading your product categories…" height="3rem" />
      ) : list.isError ? (
        <ErrorState what="your product categories" error={list.error} onRetry={() => list.refetch()} />
      ) : list.data.total === 0 ? (
        <EmptyState title="No product categories yet">
          Add the kinds of products you sell, above. A reward can then count stamps for one category only, such as
          &quot;every 10th coffee is free&quot;.
        </EmptyState>
      ) : (
        <>
          <ul className="item-list" aria-label="Your product categories">
            {list.data.items.map((category) => (
              <CategoryRow key={category.id} category={category} onEdit={() => setEditing(category)} />
            ))}
          </ul>
          <Pagination data={list.data} onPage={setPage} label="Product categories" />
        </>
      )}
    </>
  );
}
