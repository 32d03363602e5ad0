import { z } from "zod";
import { daysWhereNeeded, segmentShape, SEGMENTS } from "./customers";
import { id } from "./ids";

/** The longest SMS body: Twilio's Messages API takes 1,600 characters. */
export const MAX_SMS_BODY = 1600;

/** sms-estimate: what an SMS to a segment of a business's card holders would take, before it is sent. */
export const smsEstimateBody = z
  .object({
    business_id: id,
    ...segmentShape,
    body: z
      .string({ error: "The message is required." })
      .trim()
      .min(1, "The message is required.")
      .max(MAX_SMS_BODY, `The message may not be longer than ${MAX_SMS_BODY} characters.`),
  })
  .superRefine(daysWhereNeeded);
export type SmsEstimateBody = z.input<typeof smsEstimateBody>;

export const smsEstimate = z.object({
  segment: z.enum(SEGMENTS),
  days: z.number().int().nullable(),
  /** Whether SMS can be sent at all (Twilio is configured). */
  available: z.boolean(),
  /** The messages it would send: the segment's cards whose holder agreed to SMS, kept it on, and has a phone. */
  messages: z.number().int(),
  /** `GSM-7` (160 characters a segment, 153 when split) or `UCS-2` (70, 67). */
  encoding: z.enum(["GSM-7", "UCS-2"]),
  segments_per_message: z.number().int(),
  /** messages × segments_per_message. */
  segments: z.number().int(),
  /** segments × the plan's price per segment, in the plan's currency ("12.50"). */
  price: z.string(),
  currency: z.string(),
  /** The plan's monthly allowance in segments, and what is left of it this month (UTC). */
  allowance: z.number().int(),
  allowance_left: z.number().int(),
});
export type SmsEstimate = z.infer<typeof smsEstimate>;

/**
 * A request Twilio makes (an incoming message, a status callback): form fields in Twilio's own
 * names, every one of them signed (X-Twilio-Signature), so those not named here are kept.
 */
const twilioFields = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape);

export const twilioInboundBody = twilioFields({
  From: z.string({ error: "From is required." }).max(64),
  Body: z
    .string()
    .max(MAX_SMS_BODY * 2)
    .optional()
    .default(""),
});
export const twilioStatusBody = twilioFields({
  MessageSid: z.string({ error: "MessageSid is required." }).max(64),
  MessageStatus: z.string({ error: "MessageStatus is required." }).max(32),
  ErrorCode: z.string().max(16).optional(),
});

/** TwiML (text/xml): the reply to an incoming message, as carriers require for STOP, START and HELP. */
export const twiml = z.string().startsWith("<?xml");

export const smsCalls = {
  /** The messages, segments and price of an SMS to a segment, and the plan's allowance left. */
  smsEstimate: {
    method: "POST",
    path: "/sms-estimate",
    access: "owner",
    body: smsEstimateBody,
    answer: smsEstimate,
    refusals: ["business_not_found"],
  },
  /** Twilio's incoming-message webhook: STOP, START and HELP (and their synonyms); answers TwiML. */
  twilioInbound: {
    method: "POST",
    path: "/hooks/twilio/inbound",
    access: "public",
    body: twilioInboundBody,
    answer: twiml,
  },
  /** Twilio's status callback of a message sent: its delivery status on its send. */
  twilioStatus: {
    method: "POST",
    path: "/hooks/twilio/status",
    access: "public",
    body: twilioStatusBody,
    answer: z.null(),
  },
} as const;
