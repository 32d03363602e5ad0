/**
 * Why the engine changed a card, as data beside the history's English text: each reader puts it in
 * its own language (engine/history-reason.ts makes the text).
 */
export type ReasonPart =
  | { order: { id: string; source: string } }
  | { refund: { id: string; source: string } }
  | { levelReview: true }
  | { newProgramme: { title: string } }
  | { happyHour: { start: string; end: string; multiplier: string | null; bonus: number | null } }
  | { level: { name: string; multiplier: string | null; bonus: number | null } };
