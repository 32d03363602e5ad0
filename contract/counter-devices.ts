import "./zod-setup";
import { z } from "zod";
import { id, refId, text } from "./ids";
import { pageQuery, paginated } from "./pagination";

/**
 * Device links: a tablet signed in to one QR code's counter screen and nothing else.
 * The link's token, claimed once, lives in the tablet's httpOnly cookie and, as sha256, on the
 * API server; the BFF passes it on to the calls marked `counterDevice` only.
 */
export { COUNTER_DEVICE_HEADER, counterDeviceCookieName } from "./counter-device-names";
export const DEVICE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const counterDeviceAddBody = z.object({ qr_id: refId("QR code"), name: text("name", 60) });
export const counterDeviceListQuery = pageQuery.extend({ qr_id: refId("QR code") });
export const counterDeviceRevokeBody = z.object({ id });
export const counterDeviceClaimBody = z.object({
  token: z
    .string({ error: "This device link is not valid." })
    .trim()
    .regex(DEVICE_TOKEN_PATTERN, "This device link is not valid."),
});

export const counterDevice = z.object({
  id: z.number().int(),
  qr_id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  claimed_at: z.string().nullable(),
  last_seen_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type CounterDevice = z.infer<typeof counterDevice>;

/** counter-device-add: the device and its link, shown once (only the token's hash is kept). */
export const counterDeviceLink = z.object({ device: counterDevice, link: z.string() });
export type CounterDeviceLink = z.infer<typeof counterDeviceLink>;
export const counterDeviceListAnswer = paginated(counterDevice);

/** counter-device-claim: the screen the tablet shows now (the BFF keeps the token in its cookie). */
export const counterDeviceClaimAnswer = z.object({
  qr_id: z.number().int(),
  name: z.string(),
  device_token: z.string(),
});
