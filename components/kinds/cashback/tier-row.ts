import type { TierRow } from "../types";

let nextKey = 1;
/** A cashback tier row of the reward form (its key keeps React's rows apart). */
export const tierRow = (from_amount = "", percent = ""): TierRow => ({ key: nextKey++, from_amount, percent });
