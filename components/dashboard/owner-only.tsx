"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, type ReactNode } from "react";
import { Skeleton } from "@/components/ui/query-state";
import { DASHBOARD_HOME } from "@/lib/routes";
import { useProfile } from "@/lib/browser/queries/user";

/** An owner's section: staff who open its address are taken to their dashboard instead. */
export function OwnerOnly({ children }: { children: ReactNode }) {
  const router = useRouter();
  const { data: profile } = useProfile();
  const staff = profile?.role === "staff";
  const t = useTranslations("dashboard.ownerOnly");
  useEffect(() => {
    if (staff) router.replace(DASHBOARD_HOME);
  }, [staff, router]);
  if (!profile || staff) return <Skeleton rows={2} label={t("loading")} />;
  return children;
}
