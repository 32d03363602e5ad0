import { z } from "zod";
import { idBody, optionalId, refId } from "./ids";
import { hundredthsField } from "./money";

/** A category's multiplier, in hundredths: 0 (its lines earn nothing) to 10 times the base rate. */
export const CATEGORY_MULTIPLIER = { min: 0, max: 1000 };
/** The earning rules an owner may have (category-rule-list answers them all). */
export const MAX_CATEGORY_RULES_PER_OWNER = 200;

/**
 * category-rule-save: how one product category earns on one programme. The category's lines count
 * `multiplier` times their amount before the programme's rate ("2": double, "0": excluded). One
 * rule per category and programme: saving again replaces its multiplier.
 */
export const categoryRuleSaveBody = z.object({
  product_category_id: refId("product category"),
  reward_id: refId("reward"),
  multiplier: hundredthsField("multiplier", "2", CATEGORY_MULTIPLIER.min, CATEGORY_MULTIPLIER.max),
});
export type CategoryRuleSaveBody = z.input<typeof categoryRuleSaveBody>;

/** category-rule-list: all the owner's rules, or those of one programme or one category. */
export const categoryRuleListQuery = z.object({ reward_id: optionalId, product_category_id: optionalId });

export const categoryRule = z.object({
  id: z.number().int(),
  product_category_id: z.number().int(),
  product_category_name: z.string(),
  reward_id: z.number().int(),
  reward_title: z.string(),
  /** The multiplier as a decimal string ("2", "1.5", "0"). */
  multiplier: z.string(),
  created_at: z.string(),
});
export type CategoryRule = z.infer<typeof categoryRule>;

export const categoryRuleListAnswer = z.object({ items: z.array(categoryRule) });

export const categoryRuleDeleteBody = idBody;

/** The scanner's split of a purchase by category: the part of the amount each category's products made. */
export const MAX_SCAN_LINES = 20;
