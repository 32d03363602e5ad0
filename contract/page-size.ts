// Page sizes as plain numbers, for the browser's list calls without zod (pagination.ts's schemas use them).

/** The largest page any list call answers; a bigger `per_page` is refused (422), not clamped. */
export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 20;
