"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/query-state";
import { errorMessage } from "@/lib/browser/api-client";
import { useApplyCoupon, useCoupons, useDeleteCoupon } from "@/lib/browser/queries/payments";

/** /dashboard/coupon: the owner's applied coupons (coupon-list), detach (delete-coupon), apply one. */
export function CouponSection() {
  const coupons = useCoupons();
  const apply = useApplyCoupon();
  const remove = useDeleteCoupon();
  const id = useId();
  const t = useTranslations("dashboard.coupon");
  const format = useFormatter();
  const day = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium" });
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);

  const onApply = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(t("required"));
    try {
      // Priced against a slot fee: it needs no plan choice, and the code is checked all the same.
      const res = await apply.mutateAsync({ coupon_code: code, mode: "businessPayment" });
      toast.success(t("appliedToast", { message: res.message }));
      setCode("");
      setError(null);
    } catch (e) {
      setError(errorMessage(e));
      toast.error(errorMessage(e));
    }
  };

  return (
    <>
      <h1 className="page-title">{t("title")}</h1>
      <section className="card form-card" aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`}>{t("apply")}</h2>
        <form className="form" onSubmit={onApply} noValidate>
          <div className="field">
            <label htmlFor={id}>{t("code")}</label>
            <div className="inline-field">
              <input
                id={id}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                autoComplete="off"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : `${id}-hint`}
              />
              <Button type="submit" busy={apply.isPending}>
                {t("applyButton")}
              </Button>
            </div>
            <p id={`${id}-hint`} className="field-hint">
              {t("hint")}
            </p>
            {error && (
              <p id={`${id}-error`} className="field-error" role="alert">
                {error}
              </p>
            )}
          </div>
        </form>
      </section>
      {coupons.isPending && <Skeleton rows={2} height="3rem" label={t("loading")} />}
      {coupons.isError && <ErrorState what={t("what")} error={coupons.error} onRetry={() => coupons.refetch()} />}
      {coupons.data?.length === 0 && <EmptyState title={t("emptyTitle")}>{t("emptyText")}</EmptyState>}
      {coupons.data && coupons.data.length > 0 && (
        <section className="card" aria-label={t("list")}>
          <ul className="list">
            {coupons.data.map((c) => (
              <li key={c.id} className="list-row">
                <div>
                  <strong>{c.code}</strong> · {t("off", { discount: c.discount })}{" "}
                  <span className={`badge ${c.used ? "badge-success" : "badge-info"}`}>
                    {c.used ? t("used") : t("next")}
                  </span>
                  <div className="muted">
                    {t("applied", { date: day(c.applied_at) })}
                    {c.valid_until && ` · ${t("validUntil", { date: day(c.valid_until) })}`}
                  </div>
                </div>
                {!c.used && (
                  <ConfirmButton
                    action={t("remove")}
                    subject={c.code}
                    title={t("removeTitle", { code: c.code })}
                    confirmLabel={t("removeConfirm")}
                    onConfirm={async () => (await remove.mutateAsync(c.id)) as { message: string }}
                  >
                    {t("removeText")}
                  </ConfirmButton>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
