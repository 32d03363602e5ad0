import "./zod-setup";
import { z } from "zod";
import { refId } from "./ids";

/** The most marketing messages a card may get in 7 days, across channels (the owner may lower it). */
export const WEEKLY_CAP_MAX = 3;

const onOff = z.preprocess(
  (value) => (value === undefined ? undefined : value === true || value === "true" || value === "on"),
  z.boolean().optional(),
);

/**
 * reach-settings-save: a business's mail switches (reward ready, 7 days before expiry, vouchers:
 * these notices also go by email to cards that consented) and its weekly cap (0-3); a field left
 * out keeps its value.
 */
export const reachSettingsSaveBody = z.object({
  business_id: refId("business"),
  weekly_cap: z.coerce
    .number({ error: "The weekly cap must be a whole number from 0 to 3." })
    .int("The weekly cap must be a whole number from 0 to 3.")
    .min(0, "The weekly cap must be a whole number from 0 to 3.")
    .max(WEEKLY_CAP_MAX, "The weekly cap must be a whole number from 0 to 3.")
    .optional(),
  mail_reward_ready: onOff,
  mail_expiry: onOff,
  mail_vouchers: onOff,
});
export type ReachSettingsSaveBody = z.input<typeof reachSettingsSaveBody>;

export const reachSettings = z.object({
  business_id: z.number().int(),
  weekly_cap: z.number().int(),
  mail_reward_ready: z.boolean(),
  mail_expiry: z.boolean(),
  mail_vouchers: z.boolean(),
});
export type ReachSettings = z.infer<typeof reachSettings>;

/** reach-settings-get: the business's settings as saved (a business never saved has the defaults). */
export const reachSettingsGetQuery = z.object({ business_id: refId("business") });
export type ReachSettingsGetQuery = z.input<typeof reachSettingsGetQuery>;

export const reachSettingsCalls = {
  reachSettingsGet: {
    method: "GET",
    path: "/reach-settings-get",
    access: "owner",
    query: reachSettingsGetQuery,
    answer: reachSettings,
    refusals: ["business_not_found"],
  },
  reachSettingsSave: {
    method: "POST",
    path: "/reach-settings-save",
    access: "owner",
    body: reachSettingsSaveBody,
    answer: reachSettings,
    refusals: ["business_not_found"],
  },
} as const;
