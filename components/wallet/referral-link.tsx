"use client";
import type { ReferralWords } from "./card-words";
import { useState } from "react";

/**
 * "Bring a friend": the card's referral link, shared through the phone's share sheet
 * where there is one, else copied. The link names the card by a random code, never its serial.
 * Its words come from the server in the card's language (`referralWords`).
 */
export function ReferralLink({
  url,
  businessName,
  words,
}: {
  url: string;
  businessName: string;
  words: ReferralWords;
}) {
  const [status, setStatus] = useState<string | null>(null);

  async function share() {
    const text = words.referShare;
    try {
      if (navigator.share) {
        await navigator.share({ title: businessName, text, url });
        return;
      }
      await navigator.clipboard.writeText(url);
      setStatus(words.linkCopied);
    } catch {
      // The share sheet was closed, or the clipboard refused: the link stays on screen to copy by hand.
      setStatus(null);
    }
  }

  return (
    <section className="wallet-referral" aria-labelledby="referral-title">
      <h2 id="referral-title">{words.bringFriend}</h2>
      <p className="small muted">{words.referLead}</p>
      <div className="wallet-referral-row">
        <input className="input" readOnly value={url} aria-label={words.referLink} onFocus={(e) => e.target.select()} />
        <button type="button" className="btn" onClick={() => void share()}>
          {words.share}
        </button>
      </div>
      <p className="small" role="status">
        {status}
      </p>
    </section>
  );
}
