import { z } from "zod";
import { CHANNELS } from "../card-preferences";
import { SEGMENTS, SEGMENTS_WITH_DAYS } from "../customers";
import { MESSAGE_TEXT_MAX, MESSAGE_TITLE_MAX, messageChannels } from "../notifications";
import { rowId } from "./cards";

/** POST /v1/messages: as the dashboard's notification-add. */
export const messageBody = z
  .strictObject({
    business_id: rowId,
    title: z.string().trim().min(1, "The title field is required.").max(MESSAGE_TITLE_MAX),
    message: z.string().trim().min(1, "The message field is required.").max(MESSAGE_TEXT_MAX),
    segment: z.enum(SEGMENTS).default("all"),
    days: z.number().int().min(1).max(3650).optional(),
    /** For the `level` segment: the level's name, as the programme's levels name it. */
    level: z.string().trim().min(1).max(40).optional(),
    /**
     * Where it goes (default: the wallet pass and push). Each card gets it at most once per
     * channel; email and SMS only to cards that consented and did not opt out; marketing messages
     * count toward the business's weekly cap; a message to all card holders skips the control group.
     */
    channels: messageChannels.meta({ description: "pass, push, email, sms; default pass and push." }),
  })
  .refine((b) => SEGMENTS_WITH_DAYS.includes(b.segment) === (b.days !== undefined), {
    message: `days is required for ${SEGMENTS_WITH_DAYS.join(" and ")}, and only for them.`,
    path: ["days"],
  })
  .refine((b) => (b.segment === "level") === (b.level !== undefined), {
    message: "level is required for the level segment, and only for it.",
    path: ["level"],
  });

export const sentMessage = z
  .object({
    id: z.number().int(),
    business_id: z.number().int(),
    title: z.string(),
    message: z.string(),
    segment: z.string(),
    /** The cards a segment reached (null: every card holder of the business). */
    recipients: z.number().int().nullable(),
    channels: z.array(z.enum(CHANNELS)),
  })
  .meta({ id: "SentMessage" });
