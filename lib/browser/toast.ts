"use client";

/** Whether a toast has been asked for on this page, and the host waiting to be mounted then. */
let wanted = false;
let mountHost: (() => void) | null = null;

/**
 * Runs `mount` when the page's first toast is asked for (at once when one already was); answers
 * how to stop waiting. The lazy host (components/ui/lazy-toaster.tsx) mounts itself this way.
 */
export function onFirstToast(mount: () => void): () => void {
  if (wanted) {
    mount();
    return () => {};
  }
  mountHost = mount;
  return () => {
    if (mountHost === mount) mountHost = null;
  };
}

function show(kind: "success" | "error", message: string) {
  if (!wanted) {
    wanted = true;
    mountHost?.();
  }
  void import("react-hot-toast").then((module) => module.default[kind](message));
}

/**
 * react-hot-toast's success and error, loaded when first used: the forms that may toast do not
 * bring the library with the page. A toast shown before its host is up waits in the library's
 * store and appears once it is.
 */
export const toast = {
  success: (message: string) => show("success", message),
  error: (message: string) => show("error", message),
};
