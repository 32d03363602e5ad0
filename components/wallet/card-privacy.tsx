"use client";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { callApi, settle } from "@/lib/browser/api-client";
import { walletCalls } from "@/contract/client-calls";
import type { PrivacyWords } from "./card-words";
import { Button } from "@/components/ui/button";

/**
 * "Your data" on the card: the holder adds or removes their birthday (wallet-birthday)
 * and deletes their card (wallet-card-delete), after a second, explicit confirmation. Plain fetch,
 * like the rest of the page: no form library on a phone.
 */
export function CardPrivacy({
  qrToken,
  serial,
  birthday,
  words,
}: {
  /** The live QR code the page was opened from; without it the card is named by its serial alone. */
  qrToken?: string;
  serial: string;
  birthday: string | null;
  /** Its words in the card's language, from the server (`privacyWords`). */
  words: PrivacyWords;
}) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  async function saveBirthday(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get("birthday") ?? "");
    setBusy(true);
    const res = await settle(
      callApi(walletCalls.walletBirthday, { body: { qr_token: qrToken, serial, birthday: value } }),
    );
    setBusy(false);
    // No refresh: reloading this page with its code would count as a scan at the counter.
    setMessage({ text: res.errors.birthday?.[0] ?? res.message, error: !res.ok });
  }

  async function deleteCard() {
    setBusy(true);
    const res = await settle(callApi(walletCalls.walletCardDelete, { body: { qr_token: qrToken, serial } }));
    setBusy(false);
    if (!res.ok) {
      setMessage({ text: res.message, error: true });
      return;
    }
    // The card is gone, so the page offers to join again (and does not scan).
    router.replace(qrToken ? `/add-to-wallet?qr_token=${encodeURIComponent(qrToken)}` : "/add-to-wallet");
    router.refresh();
  }

  return (
    <details className="wallet-privacy">
      <summary>{words.yourData}</summary>
      {message && (
        <p
          className={message.error ? "wallet-notice error" : "wallet-notice ok"}
          role={message.error ? "alert" : "status"}
        >
          {message.text}
        </p>
      )}
      <form className="form wallet-birthday" onSubmit={saveBirthday}>
        <div className="field">
          <label htmlFor="card-birthday">
            {words.birthdayLabel} <span className="muted">{words.birthdayHint}</span>
          </label>
          <input
            id="card-birthday"
            name="birthday"
            type="date"
            autoComplete="bday"
            defaultValue={birthday ?? ""}
            max={new Date().toISOString().slice(0, 10)}
          />
        </div>
        <Button type="submit" variant="secondary" className="btn-small" disabled={busy}>
          {words.saveBirthday}
        </Button>
      </form>
      <div className="wallet-delete">
        <p className="small muted">{words.deleteWarning}</p>
        {confirming ? (
          <div className="wallet-delete-actions">
            <button type="button" className="btn btn-danger btn-small" onClick={deleteCard} disabled={busy}>
              {words.deleteConfirm}
            </button>
            <button type="button" className="btn btn-secondary btn-small" onClick={() => setConfirming(false)}>
              {words.keepCard}
            </button>
          </div>
        ) : (
          <button type="button" className="btn btn-secondary btn-small" onClick={() => setConfirming(true)}>
            {words.deleteCard}
          </button>
        )}
      </div>
    </details>
  );
}
