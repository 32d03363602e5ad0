import type { ReasonPart } from "../../../db/schema/reason-parts";
import type { PromotionRule } from "./boost";
import type { StoredLevel } from "./levels";

export type { ReasonPart };

/** The boost's words after a name: " ×2 +1", " ×1.25", "". */
const boostWords = (multiplier: string | null, bonus: number | null) =>
  `${multiplier ? ` ×${multiplier}` : ""}${bonus ? ` +${bonus}` : ""}`;

/** A happy hour that boosted an earn, as the history keeps it. */
export const promotionPart = (
  p: Pick<PromotionRule, "multiplier" | "bonus" | "startTime" | "endTime">,
): ReasonPart => ({
  happyHour: {
    start: p.startTime,
    end: p.endTime,
    multiplier: p.multiplier ? String(Number(p.multiplier)) : null,
    bonus: p.bonus || null,
  },
});

/** A level that boosted an earn, as the history keeps it. */
export const levelPart = (l: StoredLevel): ReasonPart => ({
  level: { name: l.name, multiplier: l.multiplier ? String(l.multiplier / 100) : null, bonus: l.bonus || null },
});

/** One part in the history's English words ("Order 123 (shopify)", "Happy hour 16:00–18:00 ×2 +1"). */
export function partText(part: ReasonPart): string {
  if ("order" in part) return `Order ${part.order.id} (${part.order.source})`;
  if ("refund" in part) return `Refund of order ${part.refund.id} (${part.refund.source})`;
  if ("levelReview" in part) return "Level re-evaluated (last 12 months)";
  if ("newProgramme" in part) return `New programme: ${part.newProgramme.title}`;
  if ("happyHour" in part) {
    const h = part.happyHour;
    return `Happy hour ${h.start}–${h.end}${boostWords(h.multiplier, h.bonus)}`;
  }
  return `${part.level.name}${boostWords(part.level.multiplier, part.level.bonus)}`;
}

/** The parts as the history's stored text, joined by " · " (null: none). */
export const reasonText = (parts: readonly ReasonPart[], say: (part: ReasonPart) => string = partText) =>
  parts.map(say).join(" · ") || null;
