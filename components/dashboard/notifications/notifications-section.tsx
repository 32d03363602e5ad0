"use client";

import { PushButton } from "@/components/notifications/push-button";
import { usePushConfig } from "@/components/notifications/push-config";
import { useNotifications } from "@/lib/queries/notifications";
import { NotificationFeed } from "./notification-feed";
import { SendMessageForm } from "./send-message-form";
import { SentMessages } from "./sent-messages";
import "./notifications.css";

/** Push for this browser: the button when Firebase is configured, else a plain statement. */
function PushSettings() {
  const config = usePushConfig();
  const feed = useNotifications(1);
  return (
    <section className="card" aria-label="Push notifications">
      {config ? (
        <>
          <p>
            Get a notification on this device when a customer joins, a reward is redeemed or a payment goes through.
          </p>
          <PushButton config={config} target={{ for: "owner" }} label="Turn on notifications" />
          {feed.data && !feed.data.push_configured && (
            <p className="muted small">The API server has no Firebase credentials yet: nothing is sent until it has.</p>
          )}
        </>
      ) : (
        <p className="muted" style={{ margin: 0 }}>
          Push notifications are not configured on this server.
        </p>
      )}
    </section>
  );
}

export function NotificationsSection() {
  return (
    <div className="notifications-page">
      <h1 className="page-title">Notifications</h1>
      <PushSettings />
      <NotificationFeed />
      <SendMessageForm />
      <SentMessages />
    </div>
  );
}
