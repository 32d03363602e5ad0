import type { CardMessage } from "@/contract/notifications";
import { webEnv } from "@/lib/server/env";
import { parsePushConfig } from "@/lib/push-config";
import { LocalTime } from "./local-time";
import { cardTranslator, langAttributes, type CardLocale } from "@/lib/card-intl";
import { cardIntl } from "./card-intl";
import { PushButtonWithIntl } from "./card-intl-parts";
import "./card-messages.css";

/**
 * The business's latest messages on the customer's card, newest first, and (when push is
 * configured) the button that lets this phone receive the next ones as notifications.
 */
export async function CardMessages({
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
                <LocalTime iso={m.created_at} locale={langAttributes(locale).lang} />
              </p>
            </li>
          ))}
        </ul>
      )}
      {push && (
        <PushButtonWithIntl
          intl={await cardIntl(locale)}
          config={push}
          target={{ for: "card", ...card }}
          label={t("pushLabel")}
        />
      )}
    </section>
  );
}
