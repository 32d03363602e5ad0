"use client";

import type { ButtonHTMLAttributes } from "react";
import { useHydrated } from "@/lib/browser/use-hydrated";

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  busy?: boolean;
  variant?: "primary" | "secondary" | "danger" | "link";
};

/**
 * A button that shows a busy state (and cannot be pressed twice) while its action runs. It is
 * disabled until the page's scripts run: pressed before, a button would do nothing, and a submit
 * button would have the browser send the form itself, as a GET with every field (a password too)
 * in the address. Only a reset button works without them.
 */
export function Button({ busy = false, variant = "primary", className, children, disabled, ...rest }: Props) {
  const hydrated = useHydrated();
  return (
    <button
      {...rest}
      className={`btn btn-${variant}${className ? ` ${className}` : ""}`}
      disabled={disabled || busy || (rest.type !== "reset" && !hydrated)}
      aria-busy={busy || undefined}
    >
      {busy && <span className="spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
