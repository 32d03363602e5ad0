import type { KeyboardEvent } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/** What Tab stops at in this dialog: visible, and not inside a dialog nested in it. */
function focusables(dialog: HTMLDialogElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.closest("dialog") === dialog && el.getClientRects().length > 0,
  );
}

/**
 * A modal <dialog>'s onKeyDown: Tab from the last control goes to the first, Shift+Tab from the
 * first to the last. The browser makes the page behind inert, but would otherwise leave the
 * dialog for its own address bar and toolbars (WCAG 2.4.3).
 */
export function trapTab(event: KeyboardEvent<HTMLDialogElement>) {
  const dialog = event.currentTarget;
  if (event.key !== "Tab" || document.activeElement?.closest("dialog") !== dialog) return;
  const items = focusables(dialog);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  const wrapTo = event.shiftKey
    ? document.activeElement === first
      ? last
      : null
    : document.activeElement === last
      ? first
      : null;
  if (!wrapTo) return;
  event.preventDefault();
  wrapTo.focus();
}

/**
 * Opens a dialog as a modal (focus moves in, Escape closes it) and, when it closes, gives focus
 * back to what had it before: the button that opened it.
 */
export function showModal(dialog: HTMLDialogElement) {
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  dialog.addEventListener("close", () => opener?.isConnected && opener.focus(), { once: true });
  dialog.showModal();
}
