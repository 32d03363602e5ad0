import type { CardFace } from "../types";

/** How the card page draws a pass of prepaid visits (apart from web.tsx, whose reward fields are client components). */
export const face: CardFace = "balance";
