import "./zod-setup";
import { z } from "zod";

/**
 * Apple's pass web service (PassKit Web Service Reference). The phone calls these paths under the
 * pass's `webServiceURL` (`${PUBLIC_APP_URL}/api/apple-wallet`, the phone adds `/v1/...`), with
 * `Authorization: ApplePass <authenticationToken>`; the field names are Apple's, not ours.
 */
export const APPLE_WEB_SERVICE_PATH = "/apple-wallet";
export const APPLE_AUTH_SCHEME = "ApplePass";
export const PKPASS_TYPE = "application/vnd.apple.pkpass";

/**
 * Where the browser downloads the card on this device as a pass (the BFF adds the card cookie): by
 * the live QR code it was opened from, else by the card's serial (the code was regenerated since).
 */
export const applePassUrl = (ref: { qr_token?: string; serial: string }) =>
  ref.qr_token
    ? `/api/apple-wallet-pass?qr_token=${encodeURIComponent(ref.qr_token)}`
    : `/api/apple-wallet-pass?serial=${encodeURIComponent(ref.serial)}`;

const segment = (what: string, pattern: RegExp) =>
  z.string({ error: `The ${what} is required.` }).regex(pattern, `The ${what} is not valid.`);

/** Apple's identifiers are opaque: bounded, path-safe characters only. */
const deviceId = segment("device library identifier", /^[A-Za-z0-9._-]{1,128}$/);
const passTypeId = segment("pass type identifier", /^[A-Za-z0-9._-]{1,128}$/);
const serialNumber = segment("serial number", /^[A-Za-z0-9-]{1,40}$/);

export const appleRegistrationParams = z.object({
  device_id: deviceId,
  pass_type_id: passTypeId,
  serial_number: serialNumber,
});
export const appleDeviceParams = z.object({ device_id: deviceId, pass_type_id: passTypeId });
export const applePassParams = z.object({ pass_type_id: passTypeId, serial_number: serialNumber });

/** APNs device tokens are hex (64 characters today; Apple says not to assume the length). */
export const appleRegisterBody = z.object({
  pushToken: z
    .string({ error: "The push token is required." })
    .regex(/^[A-Fa-f0-9]{16,200}$/, "The push token is not valid."),
});

/** The largest tag the database compares (PostgreSQL's bigint); a larger one cannot be ours. */
const MAX_TAG = BigInt("9223372036854775807");

/** `passesUpdatedSince` is the `lastUpdated` tag we answered before (a microsecond timestamp). */
export const appleUpdatedQuery = z.object({
  passesUpdatedSince: z
    .string()
    .regex(/^\d{1,19}$/, "The tag is not valid.")
    .refine((tag) => !/^\d{1,19}$/.test(tag) || BigInt(tag) <= MAX_TAG, "The tag is not valid.")
    .optional(),
});

export const appleLogBody = z.object({
  logs: z.array(z.string().max(2000, "A log line may not be longer than 2000 characters.")).max(100),
});

/** The answer of the updated-serials call; `lastUpdated` is a string (a number breaks updates). */
export const appleUpdatedSerials = z.object({ serialNumbers: z.array(z.string()), lastUpdated: z.string() });
export type AppleUpdatedSerials = z.infer<typeof appleUpdatedSerials>;

/** A signed `.pkpass` (application/vnd.apple.pkpass), answered as itself, not the envelope. */
export const pkpassFile = z.string();
