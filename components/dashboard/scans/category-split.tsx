"use client";

import { useTranslations } from "next-intl";
import { ErrorState, Skeleton } from "@/components/ui/query-state";
import { SelectField } from "@/components/ui/select-field";
import { MAX_SCAN_LINES } from "@/contract/category-rules";
import { useCategoryRules } from "@/lib/browser/queries/category-rules";
import { AmountField } from "./amount-field";
import { newLine, type SplitLine } from "./split-lines";

/** A typed amount in hundredths, or null while it is not a plain decimal (the contract checks it on sending). */
const hundredthsOf = (text: string) => (/^\d+(\.\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text) * 100) : null);

/**
 * The scanner's "Split by category" (loaded when it is opened): rows of a category that earns
 * differently on one of the owner's programmes and the part of the purchase its products made;
 * the rest of the amount earns at the base rate. The scan sends the rows as its `lines`.
 */
export function CategorySplit({
  rows,
  onRows,
  total,
  errors,
}: {
  rows: SplitLine[];
  onRows: (rows: SplitLine[]) => void;
  /** The purchase amount as typed. */
  total: string;
  /** A message per row (by key), from checking it. */
  errors: Record<number, string>;
}) {
  const t = useTranslations("categories.split");
  const rules = useCategoryRules();
  if (rules.isPending) return <Skeleton rows={1} height="2.5rem" label={t("loading")} />;
  if (rules.isError) return <ErrorState what={t("what")} error={rules.error} onRetry={() => void rules.refetch()} />;
  const categories = [
    ...new Map(rules.data.map((rule) => [rule.product_category_id, rule.product_category_name])).entries(),
  ].map(([id, name]) => ({ value: String(id), label: name }));
  if (categories.length === 0) return <p className="small muted">{t("none")}</p>;

  const change = (key: number, part: Partial<SplitLine>) =>
    onRows(rows.map((row) => (row.key === key ? { ...row, ...part } : row)));
  const totalHundredths = hundredthsOf(total);
  const split = rows.reduce<number | null>((sum, row) => {
    if (sum === null || row.amount.trim() === "") return sum;
    const part = hundredthsOf(row.amount);
    return part === null ? null : sum + part;
  }, 0);
  const rest = totalHundredths !== null && split !== null ? totalHundredths - split : null;
  return (
    <fieldset className="category-split">
      <legend>{t("heading")}</legend>
      <p className="field-hint">{t("intro")}</p>
      {rows.map((row, index) => (
        <div className="form-row split-line" key={row.key}>
          <SelectField
            name={`line-category-${row.key}`}
            label={t("category", { n: index + 1 })}
            placeholder="—"
            options={categories}
            value={row.category}
            onChange={(event) => change(row.key, { category: event.target.value })}
          />
          <AmountField
            id={`line-amount-${row.key}`}
            name={`line-amount-${row.key}`}
            label={t("amount", { n: index + 1 })}
            placeholder="4.50"
            value={row.amount}
            error={errors[row.key]}
            onChange={(amount) => change(row.key, { amount })}
          />
          <button
            type="button"
            className="btn btn-secondary btn-small split-remove"
            onClick={() => onRows(rows.filter((other) => other.key !== row.key))}
          >
            {t("removeLine", { n: index + 1 })}
          </button>
        </div>
      ))}
      {rows.length < Math.min(MAX_SCAN_LINES, categories.length) && (
        <button type="button" className="btn btn-secondary btn-small" onClick={() => onRows([...rows, newLine(rows)])}>
          {t("addLine")}
        </button>
      )}
      {rest !== null && (
        <p className="small" role="status" data-testid="split-rest">
          {rest < 0 ? t("tooMuch") : t("rest", { amount: (rest / 100).toFixed(2) })}
        </p>
      )}
    </fieldset>
  );
}
