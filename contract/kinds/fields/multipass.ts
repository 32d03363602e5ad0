import "../../zod-setup";
import { z } from "zod";
import { blankAsUndefined, wholeNumber } from "../common";
import { MAX_VISITS, MIN_VISITS } from "../multipass";

/** add-reward's fields of a multipass programme. */
export const multipassFields = {
  /** Multipass programmes only (required there): the visits a pass includes. */
  visits_included: z.preprocess(blankAsUndefined, wholeNumber("visits included", MIN_VISITS, MAX_VISITS).optional()),
} satisfies z.ZodRawShape;
