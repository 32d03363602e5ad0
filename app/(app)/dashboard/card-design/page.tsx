import type { Metadata } from "next";
import { CardDesignPage } from "@/components/dashboard/card-design/card-design-page";
import { OwnerOnly } from "@/components/dashboard/owner-only";

/** A route folder of its own beside `[type]`, like integrations: owners only. */
export const metadata: Metadata = { title: "Card design", robots: { index: false } };

export default function CardDesignRoute() {
  return (
    <OwnerOnly>
      <CardDesignPage />
    </OwnerOnly>
  );
}
