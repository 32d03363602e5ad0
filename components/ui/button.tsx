"use client";

import type { ButtonHTMLAttributes } from "react";
import { useHydrated } from "@/lib/browser/use-hydrated";

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  busy?: boolean;
  variant?: "primary" | "secondary" | "danger" | "link";
  /**
   * A submit button of a form whose action is a function: React keeps a press made before the
   * page's scripts run and replays it once they have, so the button works from the first paint.
   */
  replayed?: boolean;
};

/**
 * A button that shows a busy state (and cannot be pressed twice) while its action runs. It is
 * disabled until the page's scripts run: pressed before, a button would do nothing, and a submit
 * button would have the browser send the form itself, as a GET with every field (a password too)
 * in the address. Only a reset button, and one whose press React replays, work without them.
 */
export function Button({
  busy = false,
  variant = "primary",
  className,
  children,
  disabled,
  replayed = false,
  ...rest
}: Props) {
  const hydrated = useHydrated();
  return (
    <button
      {...rest}
      className={`btn btn-${variant}${className ? ` ${className}` : ""}`}
      disabled={disabled || busy || (rest.type !== "reset" && !replayed && !hydrated)}
      aria-busy={busy || undefined}
    >
      {busy && <span className="spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
