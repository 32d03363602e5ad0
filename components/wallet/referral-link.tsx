"use client";
import { useState } from "react";

/**
 * "Bring a friend" (issue 23 §6): the card's referral link, shared through the phone's share sheet
 * where there is one, else copied. The link names the card by a random code, never its serial.
 */
export function ReferralLink({ url, businessName }: { url: string; businessName: string }) {
  const [status, setStatus] = useState<string | null>(null);

  async function share() {
    const text = `Join ${businessName}'s loyalty card: we both earn a bonus after your first visit.`;
    try {
      if (navigator.share) {
        await navigator.share({ title: businessName, text, url });
        return;
      }
      await navigator.clipboard.writeText(url);
      setStatus("Link copied.");
    } catch {
      // The share sheet was closed, or the clipboard refused: the link stays on screen to copy by hand.
      setStatus(null);
    }
  }

  return (
    <section className="wallet-referral" aria-labelledby="referral-title">
      <h2 id="referral-title">Bring a friend</h2>
      <p className="small muted">When a friend joins with your link and visits, you both earn a bonus.</p>
      <div className="wallet-referral-row">
        <input
          className="input"
          readOnly
          value={url}
          aria-label="Your referral link"
          onFocus={(e) => e.target.select()}
        />
        <button type="button" className="btn" onClick={() => void share()}>
          Share
        </button>
      </div>
      <p className="small" role="status">
        {status}
      </p>
    </section>
  );
}
