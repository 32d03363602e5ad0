import { eq, sql } from "drizzle-orm";
import type { CardPreferences } from "../../../../contract/card-preferences";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { businesses, cards } from "../../db/schema";
import { invalid } from "../../http/errors";
import { serialOfToken } from "./links";

export type ReachDeps = { db: Db; config: Pick<Config, "linkSecret"> };

const INVALID_LINK = "reach.invalidLink";

/** The card a mail link names; a token that is not ours (or whose card is gone) is a 422. */
async function cardOfToken(deps: ReachDeps, token: string) {
  const serial = serialOfToken(deps.config.linkSecret, token);
  if (!serial) throw invalid("token", INVALID_LINK);
  const [row] = await deps.db
    .select({ card: cards, businessName: businesses.businessName })
    .from(cards)
    .innerJoin(businesses, eq(businesses.id, cards.businessId))
    .where(eq(cards.serial, serial))
    .limit(1);
  if (!row) throw invalid("token", INVALID_LINK);
  return row;
}

const evidence = (at: Date | null, source: string | null) =>
  at ? { at: at.toISOString(), source: source ?? "join" } : null;

function view(row: Awaited<ReturnType<typeof cardOfToken>>): CardPreferences {
  const { card } = row;
  return {
    business_name: row.businessName,
    email: Boolean(card.consentEmailAt) && !card.emailOptOutAt,
    sms: Boolean(card.consentSmsAt) && !card.smsOptOutAt,
    push: !card.pushOptOutAt,
    consent_email: evidence(card.consentEmailAt, card.consentEmailSource),
    consent_sms: evidence(card.consentSmsAt, card.consentSmsSource),
  };
}

export async function cardPreferences(deps: ReachDeps, token: string) {
  return view(await cardOfToken(deps, token));
}

/**
 * Turns each channel on or off. Turning email or SMS on records consent (now, `preferences`) and
 * clears its opt-out; off sets the opt-out (the consent given before stays as evidence).
 */
export async function saveCardPreferences(
  deps: ReachDeps,
  input: { token: string; email: boolean; sms: boolean; push: boolean },
) {
  const { card } = await cardOfToken(deps, input.token);
  const channel = (on: boolean, consentAt: Date | null, optOutAt: Date | null) =>
    on
      ? { consent: consentAt && !optOutAt ? null : sql`now()`, optOut: null }
      : { consent: undefined, optOut: optOutAt ?? sql`now()` };
  const email = channel(input.email, card.consentEmailAt, card.emailOptOutAt);
  const sms = channel(input.sms, card.consentSmsAt, card.smsOptOutAt);
  await deps.db
    .update(cards)
    .set({
      ...(email.consent && { consentEmailAt: email.consent, consentEmailSource: "preferences" }),
      emailOptOutAt: email.optOut,
      ...(sms.consent && { consentSmsAt: sms.consent, consentSmsSource: "preferences" }),
      smsOptOutAt: sms.optOut,
      pushOptOutAt: input.push ? null : (card.pushOptOutAt ?? sql`now()`),
      updatedAt: sql`now()`,
    })
    .where(eq(cards.id, card.id));
  return view(await cardOfToken(deps, input.token));
}

/** RFC 8058 one-click: email off at once (a second POST keeps the first time). */
export async function unsubscribeCard(deps: ReachDeps, token: string) {
  const { card } = await cardOfToken(deps, token);
  await deps.db
    .update(cards)
    .set({ emailOptOutAt: sql`coalesce(${cards.emailOptOutAt}, now())`, updatedAt: sql`now()` })
    .where(eq(cards.id, card.id));
}
