"use client";

import { useState } from "react";
import { clearDraft, useDraft, type DraftKind } from "@/lib/browser/payments/local";

/**
 * What a section's form edits (an item, "new", or nothing: null) where adding can lead to paying
 * the extra-slot fee (businesses, addresses). Back from paying, the form opens again as "new" with
 * what was typed (the kept draft); closing the form forgets the draft.
 */
export function useDraftEditing<T>(kind: DraftKind) {
  const [chosen, setEditing] = useState<T | "new" | null>(null);
  const draft = useDraft(kind);
  const [draftDone, setDraftDone] = useState(false);
  const editing = chosen ?? (draft && !draftDone ? "new" : null);
  const close = () => {
    setEditing(null);
    setDraftDone(true);
    clearDraft(kind);
  };
  return { editing, setEditing, close, draft };
}
