"use client";

import { createContext, useContext, type ReactNode } from "react";
import type { PushConfig } from "@/lib/push-config";

const Context = createContext<PushConfig | null>(null);

/** Hands the server's push configuration (read per request) to the dashboard's client components. */
export function PushConfigProvider({ value, children }: { value: PushConfig | null; children: ReactNode }) {
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export const usePushConfig = () => useContext(Context);
