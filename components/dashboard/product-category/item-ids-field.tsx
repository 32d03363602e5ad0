"use client";

import { useTranslations } from "next-intl";
import { useId, useState, type KeyboardEvent } from "react";
import { fieldWiring } from "@/lib/field-wiring";

/** The form keeps a category's item ids as one text, an id a line (the contract splits it). */
export const itemIdList = (text: string) => text.split("\n").filter((id) => id.trim() !== "");

/**
 * The till's item ids of a category: one typed at a time ("Add item id", or Enter), listed below
 * with a button to remove each; the hint says which of the till's ids go here.
 */
export function ItemIdsField({
  value,
  onChange,
  error,
}: {
  /** The ids, one a line. */
  value: string;
  onChange: (next: string) => void;
  error?: string;
}) {
  const t = useTranslations("categories.itemIds");
  const [draft, setDraft] = useState("");
  const ids = itemIdList(value);
  const inputId = useId();
  const { hintId, errorId, control } = fieldWiring(inputId, { hint: true, error: Boolean(error) });
  const add = () => {
    const id = draft.trim();
    if (id && !ids.includes(id)) onChange([...ids, id].join("\n"));
    setDraft("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the id (a scanner gun ends with one) instead of saving the category.
    if (event.key === "Enter") {
      event.preventDefault();
      add();
    }
  };
  return (
    <div className="field item-ids">
      <label htmlFor={control.id}>{t("label")}</label>
      <div className="item-ids-add">
        <input
          {...control}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={100}
        />
        <button type="button" className="btn btn-secondary btn-small" onClick={add}>
          {t("add")}
        </button>
      </div>
      <p id={hintId} className="field-hint">
        {t("hint")}
      </p>
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
      {ids.length === 0 ? (
        <p className="muted small">{t("none")}</p>
      ) : (
        <ul className="item-id-list" aria-label={t("listLabel")}>
          {ids.map((id) => (
            <li key={id}>
              <code data-user-content>{id}</code>
              <button
                type="button"
                className="btn btn-secondary btn-small"
                aria-label={t("remove", { id })}
                onClick={() => onChange(ids.filter((other) => other !== id).join("\n"))}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
