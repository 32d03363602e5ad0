"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useId } from "react";
import toast from "react-hot-toast";
import { z } from "zod";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { FormActions } from "@/components/ui/form-actions";
import { ErrorState, Skeleton } from "@/components/ui/query-state";
import { TextField } from "@/components/ui/text-field";
import { promotionAddBody, type Promotion } from "@/contract/promotions";
import type { Reward } from "@/contract/rewards";
import { webKind } from "@/components/kinds";
import { useAddPromotion, useDeletePromotion, usePromotionList } from "@/lib/browser/queries/promotions";
import { useContractForm } from "@/lib/browser/use-contract-form";

/** The form keeps the checked weekdays as "2,4"; the contract takes them as a list. */
const formBody = z.preprocess(
  (value) =>
    value && typeof value === "object" && "weekdays" in value && typeof value.weekdays === "string"
      ? { ...value, weekdays: value.weekdays ? value.weekdays.split(",") : [] }
      : value,
  promotionAddBody,
);

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0];
// 2023-01-01 was a Sunday: day n of that week is weekday n.
const weekdayDate = (day: number) => new Date(Date.UTC(2023, 0, 1 + day, 12));

/** A reward's happy hours: the hours of some weekdays that earn more, added and deleted here. */
export function RewardHappyHours({ reward }: { reward: Reward }) {
  const list = usePromotionList(reward.id);
  const add = useAddPromotion(reward.id);
  const remove = useDeletePromotion(reward.id);
  const headingId = useId();
  const t = useTranslations("boosts.happyHours");
  const format = useFormatter();
  const { multiplies } = webKind(reward.kind);
  const form = useContractForm(
    formBody,
    { reward_id: String(reward.id), multiplier: "", bonus: "", weekdays: "", start_time: "16:00", end_time: "18:00" },
    async (values) => {
      const result = await add.mutateAsync(values);
      toast.success(result.message);
    },
    { resetOnSuccess: true },
  );
  const checked = form.values.weekdays ? form.values.weekdays.split(",").map(Number) : [];
  const toggle = (day: number) =>
    form.setValues((v) => ({
      ...v,
      weekdays: (checked.includes(day) ? checked.filter((d) => d !== day) : [...checked, day]).join(","),
    }));
  const dayName = (day: number, width: "long" | "short") =>
    format.dateTime(weekdayDate(day), { weekday: width, timeZone: "UTC" });
  const describe = (p: Promotion) =>
    t("line", {
      days: p.weekdays.map((d) => dayName(d, "short")).join(", "),
      start: p.start_time,
      end: p.end_time,
      multiplier: p.multiplier ?? "none",
      bonus: p.bonus ?? 0,
    });
  const weekdaysError = form.errors.weekdays ?? form.errors["weekdays.0"];
  return (
    <section className="reward-options" aria-labelledby={headingId}>
      <h3 id={headingId}>{t("heading", { title: reward.title })}</h3>
      {list.isPending ? (
        <Skeleton rows={1} height="2.5rem" label={t("loading")} />
      ) : list.isError ? (
        <ErrorState what={t("what")} error={list.error} onRetry={() => list.refetch()} />
      ) : list.data.length === 0 ? (
        <p className="muted small">{t("empty")}</p>
      ) : (
        <ul className="option-list">
          {list.data.map((p) => (
            <li key={p.id}>
              <span>{describe(p)}</span>
              <ConfirmButton
                subject={describe(p)}
                title={t("deleteTitle")}
                confirmLabel={t("deleteConfirm")}
                onConfirm={() => remove.mutateAsync(p.id)}
              >
                {t("deleteWarning")}
              </ConfirmButton>
            </li>
          ))}
        </ul>
      )}
      <form className="form" {...form.formProps} aria-label={t("addLabel", { title: reward.title })}>
        <fieldset aria-describedby={weekdaysError ? `${headingId}-days-error` : undefined}>
          <legend>{t("weekdays")}</legend>
          <div className="form-row">
            {WEEKDAYS.map((day) => (
              <label key={day} className="checkbox">
                <input type="checkbox" checked={checked.includes(day)} onChange={() => toggle(day)} />{" "}
                {dayName(day, "long")}
              </label>
            ))}
          </div>
          {weekdaysError && (
            <p className="field-error" id={`${headingId}-days-error`} role="alert">
              {weekdaysError}
            </p>
          )}
        </fieldset>
        <div className="form-row">
          <TextField label={t("start")} type="time" required {...form.field("start_time")} />
          <TextField label={t("end")} type="time" required {...form.field("end_time")} />
        </div>
        <div className="form-row">
          {multiplies && (
            <TextField
              label={t("multiplier")}
              hint={t("multiplierHint")}
              inputMode="decimal"
              {...form.field("multiplier")}
            />
          )}
          <TextField
            label={t("bonus")}
            hint={t("bonusHint")}
            type="number"
            inputMode="numeric"
            min={1}
            {...form.field("bonus")}
          />
        </div>
        <FormActions submit={t("add")} busy={form.busy} />
      </form>
    </section>
  );
}
