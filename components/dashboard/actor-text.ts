"use client";

import { useTranslations } from "next-intl";
import type { ActorView } from "@/contract/actors";

/**
 * Who made a scan or a change, in the page's language: the customer (at a place or QR code when
 * known), a staff member, the owner, an API key, a till, or the system.
 */
export function useActorText() {
  const t = useTranslations("dashboardMore.actor");
  return (actor: ActorView, where?: string | null): string => {
    if (actor.kind === "customer") return where ? t("customerAt", { where }) : t("customer");
    if (actor.name === null && actor.kind !== "system") return t("removed");
    return t(actor.kind, { name: actor.name ?? "" });
  };
}
