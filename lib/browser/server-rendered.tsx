"use client";

import { createContext, useContext, type ReactNode } from "react";
import { hashKey, type QueryKey } from "@tanstack/react-query";

const Rendered = createContext<readonly string[]>([]);

/** Which queries the server rendered the document with (their hashes): SignedInData's answers. */
export function ServerRendered({ keys, children }: { keys: readonly string[]; children: ReactNode }) {
  return <Rendered.Provider value={keys}>{children}</Rendered.Provider>;
}

/** True when the server drew this page with the query's answer, so hydration may use it too. */
export function useServerRendered(key: QueryKey): boolean {
  return useContext(Rendered).includes(hashKey(key));
}
