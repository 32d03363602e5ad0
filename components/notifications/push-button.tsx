"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { callApi, errorMessage } from "@/lib/browser/api-client";
import { fcmTokenCall } from "@/contract/client-calls";
import type { FcmTokenBody } from "@/contract/notifications";
import type { PushConfig } from "@/lib/push-config";

type Target = { for: "owner" } | { for: "card"; qr_token?: string; serial: string };
type State = { tone: "idle" | "ok" | "error"; text: string };

/** The push worker: our own file, shown by the browser's push events (public/firebase-messaging-sw.js). */
const WORKER = "/firebase-messaging-sw.js";

/**
 * Asks for the browser's notification permission only when the user presses the button (never on
 * page load), then loads the Firebase SDK (only now: it is not in any page's first load), gets this
 * device's FCM token and registers it with fcm-token.
 */
export function PushButton({ config, target, label }: { config: PushConfig; target: Target; label: string }) {
  const [busy, setBusy] = useState(false);
  // Its own namespace's keys, not `common`: the card page's provider carries every namespace too.
  const t = useTranslations("dashboardMore.push");
  const [state, setState] = useState<State>({ tone: "idle", text: "" });
  const supported =
    typeof window === "undefined" ||
    ("Notification" in window && "serviceWorker" in navigator && "PushManager" in window);

  const turnOn = async () => {
    setBusy(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        setState({ tone: "error", text: t("blocked") });
        return;
      }
      const registration = await navigator.serviceWorker.register(WORKER);
      const [{ initializeApp, getApps }, { getMessaging, getToken }] = await Promise.all([
        import("firebase/app"),
        import("firebase/messaging"),
      ]);
      const app = getApps()[0] ?? initializeApp(config.firebase);
      const token = await getToken(getMessaging(app), {
        vapidKey: config.vapidKey,
        serviceWorkerRegistration: registration,
      });
      const body: FcmTokenBody = { ...target, token };
      await callApi(fcmTokenCall, { body });
      setState({ tone: "ok", text: t("on") });
    } catch (error) {
      setState({ tone: "error", text: t("failed", { error: errorMessage(error) }) });
    } finally {
      setBusy(false);
    }
  };

  if (!supported) return <p className="muted small">{t("unsupported")}</p>;
  return (
    <div className="push-button">
      {state.tone !== "ok" && (
        <Button variant="secondary" busy={busy} onClick={turnOn}>
          {label}
        </Button>
      )}
      <p className={state.tone === "error" ? "small field-error" : "small muted"} role="status" aria-live="polite">
        {state.text}
      </p>
    </div>
  );
}
