"use client";

import { useTranslations } from "next-intl";
import { normalised, useStampBalance } from "./scan-result";
import type { QueuedAnswer } from "./use-offline-scans";

/**
 * The queue's state, read out as it changes (aria-live): how many scans wait, and each answer as
 * it comes back once the connection returns (stamped, redeemed, or refused by the rules then).
 */
export function OfflineQueue({
  waiting,
  sending,
  answers,
  onSend,
}: {
  waiting: number;
  sending: boolean;
  answers: QueuedAnswer[];
  onSend: () => void;
}) {
  const t = useTranslations("scanner.queue");
  const stampBalance = useStampBalance();
  return (
    <div className="offline-queue">
      <div role="status" aria-live="polite" className={waiting > 0 ? "offline-waiting" : undefined}>
        {waiting > 0 && (
          <>
            <p className="offline-count" data-testid="offline-count">
              {t("waiting", { count: waiting })}
            </p>
            <p className="small">{t("explain")}</p>
          </>
        )}
      </div>
      {waiting > 0 && (
        <button type="button" className="btn btn-secondary btn-small" onClick={onSend} disabled={sending}>
          {sending ? t("sending") : t("sendNow")}
        </button>
      )}
      {answers.length > 0 && (
        <section aria-labelledby="offline-answers-title" className="offline-answers">
          <h3 id="offline-answers-title">{t("answersTitle")}</h3>
          <ol aria-live="polite" className="offline-answer-list">
            {answers.map(({ scan, outcome }) => (
              <li key={scan.key} data-testid="offline-answer" className={outcome.ok ? "ok" : "refused"}>
                <strong>{outcome.message}</strong>{" "}
                {outcome.ok ? (
                  <span>
                    {t("answerCard", {
                      customer: normalised(outcome.result, stampBalance).customer_name,
                      balance: normalised(outcome.result, stampBalance).balance_text,
                    })}
                  </span>
                ) : null}
                <span className="small muted block" data-user-content translate="no">
                  {scan.code}
                </span>
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
