// Names of the card's device state, without zod: the card page's client code imports them.

/** How the BFF hands the device's card secrets to the API server (never the browser's JS). */
export const CARD_SECRETS_HEADER = "x-card-secrets";
/**
 * The serial of the last card opened on this device: the installed app's start page opens it, found
 * with the device's card key (not the business's QR token, which a regenerated code makes useless).
 */
export const LAST_CARD_COOKIE = "loyalty_last_card";
/** A device holds at most this many cards (one per business); the oldest goes first. */
export const MAX_CARDS_PER_DEVICE = 20;
