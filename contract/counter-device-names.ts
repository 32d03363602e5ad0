// Names of a counter screen's device state, without zod: the route guard (proxy.ts) imports them.

/** How the BFF hands a counter tablet's device token to the API server (never the browser's JS). */
export const COUNTER_DEVICE_HEADER = "x-counter-device";
/** The tablet's httpOnly cookie holding its device token. */
export const counterDeviceCookieName = (secure: boolean) => (secure ? "__Host-loyalty_counter" : "loyalty_counter");
