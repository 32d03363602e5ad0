"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";

/**
 * "Bring a friend": the card's referral link, shared through the phone's share sheet
 * where there is one, else copied. The link names the card by a random code, never its serial.
 */
export function ReferralLink({ url, businessName }: { url: string; businessName: string }) {
  const t = useTranslations("card");
  const [status, setStatus] = useState<string | null>(null);

  async function share() {
    const text = t("referShare", { business: businessName });
    try {
      if (navigator.share) {
        await navigator.share({ title: businessName, text, url });
        return;
      }
      await navigator.clipboard.writeText(url);
      setStatus(t("linkCopied"));
    } catch {
      // The share sheet was closed, or the clipboard refused: the link stays on screen to copy by hand.
      setStatus(null);
    }
  }

  return (
    <section className="wallet-referral" aria-labelledby="referral-title">
      <h2 id="referral-title">{t("bringFriend")}</h2>
      <p className="small muted">{t("referLead")}</p>
      <div className="wallet-referral-row">
        <input className="input" readOnly value={url} aria-label={t("referLink")} onFocus={(e) => e.target.select()} />
        <button type="button" className="btn" onClick={() => void share()}>
          {t("share")}
        </button>
      </div>
      <p className="small" role="status">
        {status}
      </p>
    </section>
  );
}
