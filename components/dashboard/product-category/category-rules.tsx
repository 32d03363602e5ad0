"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import toast from "react-hot-toast";
import { webKind } from "@/components/kinds";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { FormActions } from "@/components/ui/form-actions";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { categoryRuleSaveBody, type CategoryRule } from "@/contract/category-rules";
import { hundredthsText } from "@/contract/money";
import type { ProductCategory } from "@/contract/product-category";
import type { Reward } from "@/contract/rewards";
import { useDeleteCategoryRule, useSaveCategoryRule } from "@/lib/browser/queries/category-rules";
import { useContractForm } from "@/lib/browser/use-contract-form";

/** A rule in its programme's words: "Bakery points: earns 2× points". */
function RuleLine({ rule, programme }: { rule: CategoryRule; programme: Reward | undefined }) {
  const kt = useTranslations(webKind(programme?.kind ?? "points").ns);
  return (
    <span>
      <span data-user-content>{rule.reward_title}</span>:{" "}
      {kt("categoryRule", { excluded: rule.multiplier === "0" ? "yes" : "no", multiplier: rule.multiplier })}
    </span>
  );
}

function RuleForm({ category, programmes }: { category: ProductCategory; programmes: Reward[] }) {
  const t = useTranslations("categories.rules");
  const save = useSaveCategoryRule();
  const form = useContractForm(
    categoryRuleSaveBody,
    {
      product_category_id: String(category.id),
      reward_id: programmes.length === 1 ? String(programmes[0]!.id) : "",
      multiplier: "",
    },
    async (values) => {
      const result = await save.mutateAsync({ ...values, multiplier: hundredthsText(values.multiplier) });
      toast.success(result.message);
    },
    { resetOnSuccess: true },
  );
  const chosen = programmes.find((p) => String(p.id) === form.values.reward_id);
  const words = useTranslations(chosen ? webKind(chosen.kind).ns : "kinds.mixed");
  return (
    <form className="form" {...form.formProps} aria-label={t("addLabel", { name: category.name })}>
      <input type="hidden" {...form.field("product_category_id")} />
      <div className="form-row">
        <SelectField
          label={t("programme")}
          placeholder={t("choose")}
          required
          options={programmes.map((p) => ({ value: String(p.id), label: `${p.title} · ${p.business_name}` }))}
          {...form.field("reward_id")}
        />
        <TextField
          label={t("multiplier")}
          hint={words("categoryHint")}
          inputMode="decimal"
          autoComplete="off"
          required
          {...form.field("multiplier")}
        />
      </div>
      <FormActions submit={t("save")} busy={form.busy} />
    </form>
  );
}

/**
 * A category's earning rules: a multiplier per points or cashback programme ("2": double, "0":
 * excluded), listed with a delete each, and (with the plan's feature) a form to save one.
 */
export function CategoryRules({
  category,
  rules,
  programmes,
  editable,
}: {
  category: ProductCategory;
  /** The owner's rules (all categories). */
  rules: CategoryRule[];
  /** The owner's programmes (all kinds). */
  programmes: Reward[];
  editable: boolean;
}) {
  const t = useTranslations("categories.rules");
  const headingId = useId();
  const remove = useDeleteCategoryRule();
  const mine = rules.filter((r) => r.product_category_id === category.id);
  // A stamp card counts visits, not products; a category of one business earns only on its programmes.
  const eligible = programmes.filter(
    (p) => webKind(p.kind).multiplies && (category.business_id === null || p.business_id === category.business_id),
  );
  return (
    <section className="category-rules" aria-labelledby={headingId}>
      <h4 id={headingId}>{t("heading", { name: category.name })}</h4>
      {mine.length === 0 ? (
        <p className="muted small">{t("empty")}</p>
      ) : (
        <ul className="category-rule-list">
          {mine.map((rule) => (
            <li key={rule.id} data-testid="category-rule">
              <RuleLine rule={rule} programme={programmes.find((p) => p.id === rule.reward_id)} />
              <ConfirmButton
                subject={`${rule.reward_title} · ${category.name}`}
                title={t("deleteTitle")}
                confirmLabel={t("deleteConfirm")}
                onConfirm={() => remove.mutateAsync(rule.id)}
              >
                {t("deleteWarning")}
              </ConfirmButton>
            </li>
          ))}
        </ul>
      )}
      {editable &&
        (eligible.length === 0 ? (
          <p className="muted small">{t("noProgramme")}</p>
        ) : (
          <RuleForm category={category} programmes={eligible} />
        ))}
    </section>
  );
}
