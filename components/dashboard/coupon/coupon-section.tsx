"use client";

import { useId, useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/query-state";
import { errorMessage } from "@/lib/api-client";
import { useApplyCoupon, useCoupons, useDeleteCoupon } from "@/lib/queries/payments";

const day = new Intl.DateTimeFormat("en", { dateStyle: "medium" });

/** /dashboard/coupon: the owner's applied coupons (coupon-list), detach (delete-coupon), apply one. */
export function CouponSection() {
  const coupons = useCoupons();
  const apply = useApplyCoupon();
  const remove = useDeleteCoupon();
  const id = useId();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);

  const onApply = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError("The coupon code field is required.");
    try {
      // Priced against a slot fee: it needs no plan choice, and the code is checked all the same.
      const res = await apply.mutateAsync({ coupon_code: code, mode: "businessPayment" });
      toast.success(`${res.message} It applies to your next payment.`);
      setCode("");
      setError(null);
    } catch (e) {
      setError(errorMessage(e));
      toast.error(errorMessage(e));
    }
  };

  return (
    <>
      <h1 className="page-title">Coupons</h1>
      <section className="card form-card" aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`}>Apply a coupon</h2>
        <form className="form" onSubmit={onApply} noValidate>
          <div className="field">
            <label htmlFor={id}>Coupon code</label>
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
                Apply
              </Button>
            </div>
            <p id={`${id}-hint`} className="field-hint">
              An applied coupon lowers your next payment: a renewal, a new plan or an extra business or address.
            </p>
            {error && (
              <p id={`${id}-error`} className="field-error" role="alert">
                {error}
              </p>
            )}
          </div>
        </form>
      </section>
      {coupons.isPending && <Skeleton rows={2} height="3rem" label="Loading your coupons…" />}
      {coupons.isError && <ErrorState what="your coupons" error={coupons.error} onRetry={() => coupons.refetch()} />}
      {coupons.data?.length === 0 && <EmptyState title="No coupons yet">Coupons you apply show here.</EmptyState>}
      {coupons.data && coupons.data.length > 0 && (
        <section className="card" aria-label="Your coupons">
          <ul className="list">
            {coupons.data.map((c) => (
              <li key={c.id} className="list-row">
                <div>
                  <strong>{c.code}</strong> · {c.discount} off{" "}
                  <span className={`badge ${c.used ? "badge-success" : "badge-info"}`}>
                    {c.used ? "Used" : "Applies to your next payment"}
                  </span>
                  <div className="muted">
                    Applied {day.format(new Date(c.applied_at))}
                    {c.valid_until && ` · valid until ${day.format(new Date(c.valid_until))}`}
                  </div>
                </div>
                {!c.used && (
                  <ConfirmButton
                    action="Remove"
                    subject={c.code}
                    title={`Remove coupon ${c.code}?`}
                    confirmLabel="Remove coupon"
                    onConfirm={async () => (await remove.mutateAsync(c.id)) as { message: string }}
                  >
                    Your next payment will be at the full price. You can apply the coupon again while it is valid.
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
