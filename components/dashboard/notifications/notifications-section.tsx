"use client";

import { useTranslations } from "next-intl";
import { PushButton } from "@/components/notifications/push-button";
import { usePushConfig } from "@/components/notifications/push-config";
import { Skeleton } from "@/components/ui/query-state";
import { useNotifications } from "@/lib/browser/queries/notifications";
import { useProfile } from "@/lib/browser/queries/user";
import { NotificationFeed } from "./notification-feed";
import { ReachSettingsPanel } from "./reach-settings";
import { SendMessageForm } from "./send-message-form";
import { SentMessages } from "./sent-messages";
import "./notifications.css";

/** Owners only: the API server may have no Firebase credentials yet (the feed says so). */
function ServerPushHint() {
  const feed = useNotifications(1);
  const t = useTranslations("dashboard.notifications");
  if (!feed.data || feed.data.push_configured) return null;
  return <p className="muted small">{t("noFirebase")}</p>;
}

/**
 * Push for this browser: the button when Firebase is configured, else a plain statement. Staff
 * turn on the owner's notifications for their own device too.
 */
function PushSettings({ staff }: { staff: boolean }) {
  const config = usePushConfig();
  const t = useTranslations("dashboard.notifications");
  return (
    <section className="card" aria-label={t("push")}>
      {config ? (
        <>
          <p>{staff ? t("pushStaff") : t("pushOwner")}</p>
          <PushButton config={config} target={{ for: "owner" }} label={t("turnOn")} />
          {!staff && <ServerPushHint />}
        </>
      ) : (
        <p className="muted" style={{ margin: 0 }}>
          {t("notConfigured")}
        </p>
      )}
    </section>
  );
}

/** The owner's feed and messages; staff see the push settings only (the rest is the owner's). */
export function NotificationsSection() {
  const { data: profile } = useProfile();
  const t = useTranslations("dashboard.notifications");
  if (!profile) return <Skeleton rows={2} label={t("loading")} />;
  const staff = profile.role === "staff";
  return (
    <div className="notifications-page">
      <h1 className="page-title">{t("title")}</h1>
      <PushSettings staff={staff} />
      {!staff && (
        <>
          <NotificationFeed />
          <SendMessageForm />
          <SentMessages />
          <ReachSettingsPanel />
        </>
      )}
    </div>
  );
}
