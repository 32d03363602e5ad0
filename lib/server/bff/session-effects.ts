import "server-only";
import { cookies } from "next/headers";
import { holdCardSecret } from "../card-cookie";
import type { Call, SessionEffect } from "../../../contract/calls";
import { counterDeviceCookieName } from "../../../contract/counter-device-names";
import { LOCALE_COOKIE, localeCookieOptions, profileLocale } from "../../i18n/locale-cookie";
import type { Session } from "../session";

/**
 * The BFF's session effects (contract/calls.ts names one per call): secrets move from the API's
 * answers into the sealed session or an httpOnly cookie, and never reach the browser.
 */

/**
 * Whether a session effect acts on the call's answer (applySession) or only shapes the request;
 * a record, so that a new effect must be decided here.
 */
const ACTS_ON_ANSWER: Record<SessionEffect, boolean> = {
  signIn: true,
  signOut: true,
  holdResetToken: true,
  spendResetToken: true,
  readProfile: true,
  holdCardSecret: true,
  holdCounterDevice: true,
  useCardSecrets: false,
};

/** Whether the BFF must read the call's answer to act on it (others pass through as the API wrote them). */
export const actsOnAnswer = (call: Call) => call.session !== undefined && ACTS_ON_ANSWER[call.session];

/**
 * An owner's profile language becomes the `NEXT_LOCALE` cookie, so pages rendered per request
 * speak it (i18n/request.ts); a profile without one leaves the visitor's own choice alone.
 */
async function followProfileLocale(data: unknown, secure: boolean) {
  const locale = profileLocale(data);
  if (locale) (await cookies()).set(LOCALE_COOKIE, locale, localeCookieOptions(secure));
}

/** Acts on the call's `session` effect (contract/calls.ts): secrets move from answers into the session. */
export async function applySession(call: Call, payload: Record<string, unknown>, session: Session, secure: boolean) {
  const data = payload.data as Record<string, unknown> | null | undefined;
  if (payload.code === "unauthenticated") {
    await session.destroy();
    return payload;
  }
  const ok = payload.status === true;
  switch (call.session) {
    case "signIn": {
      if (!ok || typeof payload.auth_token !== "string") return payload;
      const { auth_token, ...rest } = payload;
      session.token = auth_token;
      session.statusPayment = data?.status_payment === "1" ? "1" : "0";
      session.role = data?.role === "staff" ? "staff" : "owner";
      delete session.resetToken;
      await session.save();
      await followProfileLocale(data, secure);
      return rest;
    }
    case "holdResetToken": {
      if (!ok || !data || typeof data.reset_token !== "string") return payload;
      const { reset_token, ...dataRest } = data;
      session.resetToken = reset_token;
      await session.save();
      return { ...payload, data: dataRest };
    }
    case "spendResetToken":
      if (ok) {
        delete session.resetToken;
        await session.save();
      }
      return payload;
    case "signOut":
      // Only a revoked token ends the session: a refused logout leaves it working and signed in.
      if (ok) await session.destroy();
      return payload;
    case "readProfile": {
      const paid = data?.status_payment === "1" ? "1" : "0";
      if (ok && data && session.token && session.statusPayment !== paid) {
        session.statusPayment = paid;
        await session.save();
      }
      if (ok && session.token) await followProfileLocale(data, secure);
      return payload;
    }
    case "holdCounterDevice": {
      if (!ok || !data || typeof data.device_token !== "string") return payload;
      const { device_token, ...dataRest } = data;
      (await cookies()).set(counterDeviceCookieName(secure), device_token, {
        httpOnly: true,
        sameSite: "strict",
        secure,
        path: "/",
        // As long as browsers keep a cookie: the tablet stays signed in through reloads and restarts.
        maxAge: 400 * 24 * 60 * 60,
      });
      return { ...payload, data: dataRest };
    }
    case "holdCardSecret": {
      if (!ok || !data || typeof data.card_secret !== "string") return payload;
      const { card_secret, ...dataRest } = data;
      await holdCardSecret(card_secret, secure);
      return { ...payload, data: dataRest };
    }
    default:
      return payload;
  }
}
