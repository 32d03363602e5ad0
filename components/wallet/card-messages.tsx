import { PushButton } from "@/components/notifications/push-button";
import type { CardMessage } from "@/lib/contract/notifications";
import { webEnv } from "@/lib/env";
import { parsePushConfig } from "@/lib/push-config";
import { LocalTime } from "./local-time";
import "./card-messages.css";

/**
 * The business's latest messages on the customer's card, newest first, and (when push is
 * configured) the button that lets this phone receive the next ones as notifications.
 */
export function CardMessages({
  messages,
  card,
}: {
  messages: CardMessage[];
  /** The card: its serial, and the live QR code it was opened from if any (wallet-card's `cardRef`). */
  card: { qr_token?: string; serial: string };
}) {
  const env = webEnv();
  const push = parsePushConfig(env.NEXT_PUBLIC_FIREBASE_CONFIG, env.NEXT_PUBLIC_FIREBASE_VAPID_KEY);
  if (messages.length === 0 && !push) return null;
  return (
    <section className="wallet-messages" aria-labelledby="messages-title">
      <h2 id="messages-title">Messages</h2>
      {messages.length === 0 ? (
        <p className="small muted">No messages from this business yet.</p>
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
      {push && <PushButton config={push} target={{ for: "card", ...card }} label="Get messages as notifications" />}
    </section>
  );
}
