import { z } from "zod";
import { id, refId, text } from "./ids";
import { pageQuery } from "./pagination";

/**
 * Device links (issue 15 §1): a tablet signed in to one QR code's counter screen and nothing else.
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

export type CounterDevice = {
  id: number;
  qr_id: number;
  name: string;
  created_at: string;
  claimed_at: string | null;
  last_seen_at: string | null;
  revoked_at: string | null;
};

/** counter-device-add: the device and its link, shown once (only the token's hash is kept). */
export type CounterDeviceLink = { device: CounterDevice; link: string };
