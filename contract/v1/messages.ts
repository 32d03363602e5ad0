import { z } from "zod";
import { SEGMENTS, SEGMENTS_WITH_DAYS } from "../customers";
import { MESSAGE_TEXT_MAX, MESSAGE_TITLE_MAX } from "../notifications";
import { rowId } from "./cards";

/** POST /v1/messages: as the dashboard's notification-add. */
export const messageBody = z
  .strictObject({
    business_id: rowId,
    title: z.string().trim().min(1, "The title field is required.").max(MESSAGE_TITLE_MAX),
    message: z.string().trim().min(1, "The message field is required.").max(MESSAGE_TEXT_MAX),
    segment: z.enum(SEGMENTS).default("all"),
    days: z.number().int().min(1).max(3650).optional(),
  })
  .refine((b) => SEGMENTS_WITH_DAYS.includes(b.segment) === (b.days !== undefined), {
    message: `days is required for ${SEGMENTS_WITH_DAYS.join(" and ")}, and only for them.`,
    path: ["days"],
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
  })
  .meta({ id: "SentMessage" });
