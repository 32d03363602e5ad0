"use client";

import { useFormatter, useTranslations } from "next-intl";
import toast from "react-hot-toast";
import type { CustomerDetail, ReferralBonusEntry } from "@/contract/customers";
import { errorMessage } from "@/lib/browser/api-client";
import { useReviewReferral } from "@/lib/browser/queries/customers";
import { useProgrammeWords } from "@/components/kinds/use-programme-words";
import { webKind } from "@/components/kinds";

const STATUS_CLASS: Record<ReferralBonusEntry["status"], string> = {
  paid: "badge-success",
  approved: "badge-success",
  held: "badge-warning",
  rejected: "badge-muted",
};

/** A bonus in its programme's unit: "2 stamps", "10 points", "€2.50". */
function useBonusText() {
  const words = useProgrammeWords();
  return (bonus: number | string, unit: ReferralBonusEntry["unit"], currency: string | null) =>
    webKind(unit).bonusText(bonus, currency, words);
}

/**
 * The customer's referrals: who referred them, how many they referred, and each referral bonus
 * of this card (as friend or referrer) with its status; the owner approves or rejects a held one.
 */
export function ReferralBonuses({ customer, owner }: { customer: CustomerDetail; owner: boolean }) {
  const t = useTranslations("dashboardMore.customer.referralBonuses");
  const format = useFormatter();
  const review = useReviewReferral();
  const bonusText = useBonusText();
  const decide = async (id: number, approve: boolean) => {
    try {
      const result = await review.mutateAsync({ id, approve });
      toast.success(result.message);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const c = customer;
  return (
    <section aria-labelledby="customer-referrals-heading">
      <h3 id="customer-referrals-heading">{t("heading")}</h3>
      <p className="small">
        {c.referred_by ? t("referredBy", { name: c.referred_by.name }) : t("notReferred")}{" "}
        {t("referred", { count: c.referrals })}
      </p>
      {c.referral_bonuses.length > 0 && (
        <ul className="referral-bonuses">
          {c.referral_bonuses.map((b) => (
            <li key={b.id}>
              <span className={`badge ${STATUS_CLASS[b.status]}`}>{t(`status.${b.status}`)}</span>{" "}
              {t("pair", { friend: b.friend.name, referrer: b.referrer.name })}{" "}
              <span className="small muted">
                {t("bonuses", {
                  referrer: bonusText(b.referrer_bonus, b.unit, b.currency),
                  friend: bonusText(b.friend_bonus, b.unit, b.currency),
                })}{" "}
                · <time dateTime={b.created_at}>{format.dateTime(new Date(b.created_at), "dayTime")}</time>
              </span>
              {b.held_reason && <p className="small">{t(`reason.${b.held_reason}`)}</p>}
              {owner && b.status === "held" && (
                <div className="referral-review">
                  <button
                    type="button"
                    className="btn btn-primary btn-small"
                    disabled={review.isPending}
                    aria-label={t("approveLabel", { friend: b.friend.name })}
                    onClick={() => decide(b.id, true)}
                  >
                    {t("approve")}
                  </button>
                  <button
                    type="button"
                    className="btn btn-secondary btn-small"
                    disabled={review.isPending}
                    aria-label={t("rejectLabel", { friend: b.friend.name })}
                    onClick={() => decide(b.id, false)}
                  >
                    {t("reject")}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
