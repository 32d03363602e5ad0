import "../../zod-setup";
import { z } from "zod";
import { hundredthsField } from "../../money";
import { blankAsZero, wholeNumber } from "../common";
import { MAX_POINTS_PER_UNIT, MAX_POINTS_PER_VISIT } from "../points";

/** add-reward's fields of a points programme. */
export const pointsFields = {
  /**
   * Points programmes: per visit, and per 1.00 spent as a decimal of at most two decimals ("0.1":
   * one point per 10.00), here in hundredths (at least one of them above 0).
   */
  points_per_visit: z.preprocess(blankAsZero, wholeNumber("points per visit", 0, MAX_POINTS_PER_VISIT)),
  points_per_unit: z.preprocess(
    (value) => (value === "" || value === null || value === undefined ? "0" : value),
    hundredthsField("points per unit", "1 or 0.1", 0, MAX_POINTS_PER_UNIT * 100),
  ),
} satisfies z.ZodRawShape;
