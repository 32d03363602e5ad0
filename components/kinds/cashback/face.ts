import type { CardFace } from "../types";

/** How the card page draws a cashback card (apart from web.tsx, whose reward fields are client components). */
export const face: CardFace = "balance";
