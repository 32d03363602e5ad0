import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** Without a configured key (no SESSION_SECRET: a local run, tests), one made at start. */
const processKey = randomBytes(32);
const keyOf = (secret: Buffer | undefined) => secret ?? processKey;

/**
 * A card's mail link token: `<serial>.<HMAC-SHA256(serial)>` keyed with the server's link secret
 * (config.linkSecret). Nothing is stored: the server recomputes it, and only it can make one.
 * The serial is public (the card's QR); the MAC is what makes the token unguessable.
 */
const mac = (secret: Buffer | undefined, serial: string) =>
  createHmac("sha256", keyOf(secret)).update(`card-links:${serial}`).digest("base64url");

export const cardLinkToken = (secret: Buffer | undefined, serial: string) => `${serial}.${mac(secret, serial)}`;

/** The card serial a token names, or null when the token is not one of ours. */
export function serialOfToken(secret: Buffer | undefined, token: string): string | null {
  const dot = token.lastIndexOf(".");
  if (dot <= 0) return null;
  const serial = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(mac(secret, serial));
  return given.length === expected.length && timingSafeEqual(given, expected) ? serial : null;
}

/** The one-click unsubscribe URL (RFC 8058): a POST to it unsubscribes, a GET shows a confirmation. */
export const unsubscribeUrl = (publicAppUrl: string, token: string) =>
  `${publicAppUrl}/api/unsubscribe/${encodeURIComponent(token)}`;

/** The card's preferences page: email, SMS and push on and off. */
export const preferencesUrl = (publicAppUrl: string, token: string) =>
  `${publicAppUrl}/card/preferences?token=${encodeURIComponent(token)}`;
