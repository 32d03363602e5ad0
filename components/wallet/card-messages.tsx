import { PushButton } from "@/components/notifications/push-button";
import type { CardMessage } from "@/contract/notifications";
import { webEnv } from "@/lib/server/env";
import { parsePushConfig } from "@/lib/push-config";
import { LocalTime } from "./local-time";
import { cardTranslator, type CardLocale } from "@/lib/card-intl";
import "./card-messages.css";

/**
 * The business's latest messages on the customer's card, newest first, and (when push is
 * configured) the button that lets this phone receive the next ones as notifications.
 */
export function CardMessages({
  messages,
  card,
  locale = "en",
}: {
  messages: CardMessage[];
  /** The card: its serial, and the live QR code it was opened from if any (wallet-card's `cardRef`). */
  card: { qr_token?: string; serial: string };
  /** The card's language (the business's card design sets it). */
  locale?: CardLocale;
}) {
  const t = cardTranslator(locale);
  const env = webEnv();
  const push = parsePushConfig(env.NEXT_PUBLIC_FIREBASE_CONFIG, env.NEXT_PUBLIC_FIREBASE_VAPID_KEY);
  if (messages.length === 0 && !push) return null;
  return (
    <section className="wallet-messages" aria-labelledby="messages-title">
      <h2 id="messages-title">{t("messages")}</h2>
      {messages.length === 0 ? (
        <p className="small muted">{t("noMessages")}</p>
      ) : (
        <ul>
          {messages.map((m) => (
            <li key={m.id}>
              <h3>{m.title}</h3>
              <p>{m.message}</p>
              <p className="small muted">
                <LocalTime iso={m.created_at} />
              </p>
            </li>
          ))}
        </ul>
      )}
      {push && <PushButton config={push} target={{ for: "card", ...card }} label={t("pushLabel")} />}
    </section>
  );
}
