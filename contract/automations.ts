import "./zod-setup";
import { z } from "zod";
import { optionalId, refId, text } from "./ids";
import { MESSAGE_TEXT_MAX, MESSAGE_TITLE_MAX } from "./notifications";
import { pageQuery, paginated } from "./pagination";

/** How many days before a card's stamps or points expire the "about to expire" message goes out. */
export const EXPIRY_NOTICE_DAYS = 7;

/** The automated messages; each is sent once per customer per period. */
export const AUTOMATION_KINDS = ["win_back", "birthday", "near_reward", "welcome", "about_to_expire"] as const;
export type AutomationKind = (typeof AUTOMATION_KINDS)[number];

export const AUTOMATION_LABELS: Record<AutomationKind, { title: string; when: string }> = {
  win_back: { title: "Win-back", when: "once a customer has not visited for N days (once per absence)" },
  birthday: { title: "Birthday", when: "on the customer's birthday (once a year; needs their birthday)" },
  near_reward: {
    title: "Near reward",
    when: "when one stamp is left, or points or cashback spend are within 10 % of the next reward (once per reward)",
  },
  welcome: { title: "Welcome", when: "after a customer joins (once)" },
  about_to_expire: {
    title: "About to expire",
    when: `${EXPIRY_NOTICE_DAYS} days before unspent stamps or points expire (once per expiry date)`,
  },
};

/** What a new automation says until the owner writes their own. */
export const AUTOMATION_DEFAULTS: Record<AutomationKind, { title: string; message: string; days: number | null }> = {
  win_back: { title: "We miss you, {name}!", message: "It has been a while. Come by {business} soon.", days: 30 },
  birthday: { title: "Happy birthday, {name}!", message: "A treat is waiting for you at {business}.", days: null },
  near_reward: {
    title: "One more stamp!",
    message: "{name}, {stamps_left} stamp to go for your reward at {business}.",
    days: null,
  },
  welcome: {
    title: "Welcome to {business}",
    message: "Thanks for joining, {name}. Your first stamp is on the card.",
    days: null,
  },
  about_to_expire: {
    title: "Don't lose your balance, {name}",
    message: "What you have collected at {business} expires in a week. Visit us to keep it.",
    days: null,
  },
};

export const automationSaveBody = z
  .object({
    business_id: refId("business"),
    kind: z.enum(AUTOMATION_KINDS, {
      error: "The kind must be win_back, birthday, near_reward, welcome or about_to_expire.",
    }),
    enabled: z.preprocess((v) => v === true || v === "true" || v === "on", z.boolean()),
    days: z.preprocess(
      (v) => (v === "" || v === null ? undefined : v),
      z.coerce.number({ error: "The days must be a whole number." }).int().min(1).max(3650).optional(),
    ),
    title: text("title", MESSAGE_TITLE_MAX),
    message: text("message", MESSAGE_TEXT_MAX),
    /** Win-back: the win_back offer whose voucher it issues when it fires; none when empty. */
    offer_id: optionalId,
    /** Off: the win-back issues its voucher without the message (needs `offer_id`). */
    send_message: z
      .preprocess((v) => (v === undefined ? undefined : v === true || v === "true" || v === "on"), z.boolean())
      .default(true),
  })
  .refine((a) => a.kind !== "win_back" || a.days !== undefined, {
    path: ["days"],
    message: "Please say after how many days without a visit.",
  })
  .refine((a) => a.offer_id == null || a.kind === "win_back", {
    path: ["offer_id"],
    message: "Only the win-back automation gives a voucher.",
  })
  .refine((a) => a.send_message || a.offer_id != null, {
    path: ["send_message"],
    message: "Without the message, choose a voucher to give.",
  });
export type AutomationSaveBody = z.input<typeof automationSaveBody>;

export const automationListQuery = z.object({ business_id: refId("business") });
export const automationLogQuery = pageQuery;

export const automation = z.object({
  business_id: z.number().int(),
  kind: z.enum(AUTOMATION_KINDS),
  enabled: z.boolean(),
  days: z.number().int().nullable(),
  title: z.string(),
  message: z.string(),
  offer_id: z.number().int().nullable(),
  send_message: z.boolean(),
});
export type Automation = z.infer<typeof automation>;
export const automationListAnswer = z.array(automation);

export const automationLogEntry = z.object({
  id: z.number().int(),
  kind: z.enum(AUTOMATION_KINDS),
  business_name: z.string(),
  customer_name: z.string().nullable(),
  title: z.string(),
  message: z.string().nullable(),
  sent_at: z.string(),
});
export type AutomationLogEntry = z.infer<typeof automationLogEntry>;
export const automationLogAnswer = paginated(automationLogEntry);
