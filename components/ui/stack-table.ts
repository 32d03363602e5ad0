"use client";

import "./data-table.css";
import "./stack-table.css";

/**
 * A ref for a `.stack-table`: labels each body cell with its column's header (`data-label`, which
 * the phone layout shows before the cell), and again whenever rows or headers change. The label is
 * read from the header as rendered, so it is in the page's language with no second copy to keep.
 */
export function labelColumns(table: HTMLTableElement | null) {
  if (!table) return;
  const apply = () => {
    const heads = Array.from(table.tHead?.rows[0]?.cells ?? [], (cell) => cell.textContent?.trim() ?? "");
    for (const body of Array.from(table.tBodies)) {
      for (const row of Array.from(body.rows)) {
        Array.from(row.cells).forEach((cell, i) => {
          const label = heads[i];
          if (label && cell.dataset.label !== label) cell.dataset.label = label;
        });
      }
    }
  };
  apply();
  // Attributes are not observed: setting the labels does not wake the observer again.
  const observer = new MutationObserver(apply);
  observer.observe(table, { childList: true, subtree: true, characterData: true });
  return () => observer.disconnect();
}
