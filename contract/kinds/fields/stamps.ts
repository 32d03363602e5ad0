import "../../zod-setup";
import { z } from "zod";
import { blankAsUndefined, wholeNumber } from "../common";
import { MAX_STAMPS, MIN_STAMPS } from "../stamps";

/** add-reward's fields of a stamps programme. */
export const stampsFields = {
  /** Stamps programmes only (required there). */
  stamps_required: z.preprocess(blankAsUndefined, wholeNumber("stamps required", MIN_STAMPS, MAX_STAMPS).optional()),
} satisfies z.ZodRawShape;
