"use client";

import { Toaster as HotToaster } from "react-hot-toast";

/** Where toasts appear: errors stay 5 seconds, the rest 4. */
export function Toaster() {
  return (
    <HotToaster
      position="top-center"
      toastOptions={{
        duration: 4000,
        error: { duration: 5000 },
        ariaProps: { role: "status", "aria-live": "polite" },
      }}
    />
  );
}
