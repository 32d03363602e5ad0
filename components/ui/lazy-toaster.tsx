"use client";

import { useEffect, useState, type ComponentType } from "react";

/** Whether a toast has been asked for on this page, and how to mount the host then. */
let wanted = false;
let mountHost: (() => void) | null = null;

/**
 * Where toasts appear on pages that seldom show one (sign-in, sign-up, the one-time code): the
 * toast library and its host load with the first toast, not with the page. A toast asked for
 * before the host is up waits in the library's store and shows once it is.
 */
export function LazyToaster() {
  const [Host, setHost] = useState<ComponentType | null>(null);
  useEffect(() => {
    const load = () => void import("./toaster").then((module) => setHost(() => module.Toaster));
    if (wanted) load();
    else mountHost = load;
    return () => {
      mountHost = null;
    };
  }, []);
  return Host ? <Host /> : null;
}

function show(kind: "success" | "error", message: string) {
  if (!wanted) {
    wanted = true;
    mountHost?.();
  }
  void import("react-hot-toast").then((module) => module.default[kind](message));
}

/** A toast on such a page (react-hot-toast's success and error, loaded when first used). */
export const toast = {
  success: (message: string) => show("success", message),
  error: (message: string) => show("error", message),
};
