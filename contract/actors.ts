import "./zod-setup";
import { z } from "zod";

/**
 * Who made a change to a card: the customer (joining, scanning a QR code), a staff member or the
 * owner (the scanner, a correction, a redeem), an API key (`/v1`), a till connection (an order or a
 * refund), or the system (expiry, a referral bonus).
 */
export const ACTOR_KINDS = ["customer", "staff", "owner", "api_key", "till", "system"] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

/** The actor as a list shows it: its kind, and its name where it has one (a person, a key, a till). */
export const actorView = z.object({ kind: z.enum(ACTOR_KINDS), name: z.string().nullable() });
export type ActorView = z.infer<typeof actorView>;
