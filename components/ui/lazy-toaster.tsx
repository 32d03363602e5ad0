"use client";

import { useEffect, useState, type ComponentType } from "react";
import { onFirstToast } from "@/lib/browser/toast";

/**
 * Where toasts appear on pages that seldom show one (sign-in, sign-up, the one-time code): the
 * toast library and its host load with the first toast (lib/browser/toast.ts), not with the page.
 */
export function LazyToaster() {
  const [Host, setHost] = useState<ComponentType | null>(null);
  useEffect(() => onFirstToast(() => void import("./toaster").then((module) => setHost(() => module.Toaster))), []);
  return Host ? <Host /> : null;
}
