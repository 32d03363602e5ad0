import { and, eq } from "drizzle-orm";
import { balanceAmount, type ProgrammeWords } from "../../../../../contract/programme";
import type { Db } from "../../../db/client";
import { rewardOptions } from "../../../db/schema";
import { actingOwnerId, type AuthUser } from "../../../http/auth";
import { notFound } from "../../../http/errors";
import type { Body, LoyaltyDeps } from "../shared/deps";
import { applyChange } from "../engine/apply";
import type { RedeemOption } from "../engine/rules";
import { scanTerms } from "../cards/card-balance";
import { UNKNOWN_CARD } from "../cards/cards";
import { scanAnswer } from "./stamping";
import { sentence } from "../../../i18n/sentence";

/** An option of this owner by its id, as the rules judge it (its reward, active), or null. */
async function ownerOption(tx: Db, ownerId: number, optionId: number): Promise<RedeemOption | null> {
  const [option] = await tx
    .select({
      id: rewardOptions.id,
      rewardId: rewardOptions.rewardId,
      title: rewardOptions.title,
      points: rewardOptions.points,
      active: rewardOptions.active,
    })
    .from(rewardOptions)
    .where(and(eq(rewardOptions.id, optionId), eq(rewardOptions.userId, ownerId)))
    .limit(1);
  return option ?? null;
}

/**
 * A redeem through the engine, under the card's lock: a points option of this owner, cashback
 * money off, or, with neither (the public API's {}), a stamp card's reward once it is reached.
 * What the card can afford is the engine's to decide (engine/spend.ts); a refusal writes nothing.
 * Null: no card of this owner by that serial.
 */
export async function redeemOnCard(
  deps: Pick<LoyaltyDeps, "db" | "events">,
  ownerId: number,
  input: { serial: string; optionId?: number; amount?: string; actorUserId: number; apiKeyId?: number },
) {
  return deps.db.transaction(async (tx) => {
    const option = input.optionId === undefined ? undefined : await ownerOption(tx, ownerId, input.optionId);
    return applyChange(
      tx,
      deps.events,
      { serial: input.serial, ownerId },
      {
        kind: "redeem",
        actorUserId: input.actorUserId,
        option,
        amount: input.amount,
        ...(input.apiKeyId !== undefined && { apiKeyId: input.apiKeyId }),
      },
    );
  });
}

/**
 * card-redeem, by the owner or staff, on the acting owner's cards: a points
 * option of the card's own reward, or cashback money off. Whether the card can afford it is
 * decided under the card's lock (engine/spend.ts), so concurrent redeems never take a balance
 * below zero; a refusal is a 422 that writes nothing. Answers what the scanner shows.
 */
export async function redeemCard(
  deps: Pick<LoyaltyDeps, "db" | "events">,
  user: AuthUser,
  body: Body<"cardRedeem">,
  words: ProgrammeWords,
) {
  const done = await redeemOnCard(deps, actingOwnerId(user), {
    serial: body.serial,
    optionId: body.option_id,
    amount: body.amount,
    actorUserId: user.id,
  });
  if (!done || done.decision.action !== "redeem") throw notFound(UNKNOWN_CARD);
  const { decision } = done;
  const terms = await scanTerms(deps.db, done.reward, done.currency);
  const redeemed = { action: "redeem" as const, card: done.after, reward: done.reward, terms };
  const data = scanAnswer(redeemed, done.names, null, words);
  const unit = { kind: data.kind, currency: data.currency, stampsRequired: null };
  const spent = balanceAmount(unit, -decision.delta, words);
  const message = decision.option
    ? sentence("redeem.option", { option: decision.option.title, spent, balance: data.balance_text })
    : sentence("redeem.amount", { spent, balance: data.balance_text });
  return { message, data };
}
