import { and, asc, eq, gt, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { cards, messageRecipients, pushTokens, users } from "../../db/schema";
import { sha256 } from "../../crypto";
import { claimEffect, effectsToDo, recordEffects, type EffectKey } from "../../services/effects";
import { childJobId, type JobQueue, type Jobs } from "../../services/jobs";
import type { PushMessage, PushResult, PushSender } from "../../services/push";
import { outsideControlGroup } from "../insights/control-group";
import { recordChannelOutcomes } from "./figures";
import { heldFromMessage } from "./message-cap";

/** Tokens one card-holder push job sends to; the next page is a job of its own. */
export const CARD_HOLDER_PAGE = 500;

/** Keeps a token for an owner or a card; registering it again only refreshes it. */
export async function saveToken(db: Db, token: string, target: { userId: number } | { cardId: number }) {
  await db
    .insert(pushTokens)
    .values({ token, ...target })
    .onConflictDoUpdate({
      target: [pushTokens.token, pushTokens.userId, pushTokens.cardId],
      set: { updatedAt: sql`now()` },
    });
}

/** A device's mark in job_effects: a digest of its token (FCM tokens are long, and credentials). */
const deviceMark = sha256;

/**
 * Sends to these tokens and deletes the ones FCM reports as no longer valid, each device once per
 * `effect`: devices this effect reached already (a job run again after its worker died,
 * a token in two pages) are skipped, and the rest recorded once FCM took them. Throws when nothing
 * got through for FCM's own reasons (down, refusing our credentials): nothing is recorded and the
 * job is retried. A device FCM refused among others that went through is not tried again.
 */
async function deliver(
  { db, push }: PushDeps,
  effect: EffectKey,
  tokens: string[],
  message: PushMessage,
): Promise<(PushResult & { tried: string[] }) | null> {
  const marks = new Map([...new Set(tokens)].map((token) => [deviceMark(token), token]));
  const todo = await effectsToDo(db, effect, [...marks.keys()]);
  if (todo.length === 0) return null;
  const result = await push.send(
    todo.map((mark) => marks.get(mark)!),
    message,
  );
  if (result.failed > 0 && result.sent === 0) throw new Error(`FCM: none of ${result.failed} messages was sent`);
  await recordEffects(db, effect, todo);
  if (result.invalid.length > 0) await db.delete(pushTokens).where(inArray(pushTokens.token, result.invalid));
  return { ...result, tried: todo.map((mark) => marks.get(mark)!) };
}

/** `staff` (default true): the owner's staff get it too; false for the owner's own affairs (billing). */
type OwnerPush = { ownerId: number; message: PushMessage; staff?: boolean };
/**
 * `messageId`: a segmented message, for the cards it reached only. `source` is the id of
 * the chain's first page and `page` this page's number (0 first): the next page's job id and claim
 * derive from both, so a page run twice starts one next page.
 */
type CardHolderPush = {
  businessId: number;
  message: PushMessage;
  afterId: number;
  messageId?: number;
  /**
   * The message this push is (its per-channel figures count it, and the weekly cap decides its
   * cards): every owner's or automation's message, segmented or not.
   */
  figuresOf?: number;
  source?: string;
  page?: number;
};

export type PushJobs = {
  /**
   * The owner's devices (dashboard) get a push for a feed entry, once `tx` commits, and so do the
   * devices of the owner's staff unless `staff` is false. `id`: the job's id, derived
   * from the job that writes it.
   */
  toOwner(tx: Db, ownerId: number, message: PushMessage, options?: { staff?: boolean; id?: string }): Promise<void>;
};

/** What the push jobs use that the composition root (app.ts) creates. */
export type PushDeps = { db: Db; push: PushSender };

const CARD_HOLDERS_QUEUE = "push-card-holders";

/**
 * Every device holding a card of the business gets the owner's message, a page per job, once `tx`
 * commits; with `messageId` (a segmented message) only the devices of the cards it reached. Without
 * Firebase configuration (no push sender: services/push.ts) nothing is queued.
 */
export async function queueCardHolderPush(
  { jobs, config }: { jobs: Jobs; config: Pick<Config, "fcm"> },
  tx: Db,
  businessId: number,
  message: PushMessage,
  messageId?: number,
  figuresOf?: number,
) {
  if (!config.fcm) return;
  const page: CardHolderPush = { businessId, message, afterId: 0, messageId, figuresOf };
  await jobs.enqueue(tx, CARD_HOLDERS_QUEUE, page);
}

/** The push queues; without Firebase configuration nothing is queued. */
export function registerPushJobs(jobs: Jobs, deps: PushDeps): PushJobs {
  const { push } = deps;
  const owner = jobs.work<OwnerPush>("push-owner", (payload, job) => pushToOwner(deps, payload, job.id));
  // Keyset pages by token id: a business with 100,000 card holders never has them all in memory,
  // and a retried page re-sends nothing its first run sent.
  const holders: JobQueue<CardHolderPush> = jobs.work<CardHolderPush>(CARD_HOLDERS_QUEUE, (page, job) =>
    pushToCardHolders(deps, holders, page, job.id),
  );

  return {
    async toOwner(tx, ownerId, message, options) {
      if (push.configured)
        await owner.enqueue(
          tx,
          { ownerId, message, ...(options?.staff === false && { staff: false }) },
          { id: options?.id },
        );
    },
  };
}

/** The owner's devices, and their staff's unless `staff` is false (`source`: the job's id). */
export async function pushToOwner(deps: PushDeps, { ownerId, message, staff = true }: OwnerPush, source: string) {
  const { db } = deps;
  // The staff as they are when the push goes out: a member removed since gets nothing.
  const team = db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.ownerId, ownerId), eq(users.role, "staff"), isNull(users.deletedAt)));
  const rows = await db
    .select({ token: pushTokens.token })
    .from(pushTokens)
    .where(
      staff ? or(eq(pushTokens.userId, ownerId), inArray(pushTokens.userId, team)) : eq(pushTokens.userId, ownerId),
    )
    .limit(CARD_HOLDER_PAGE);
  await deliver(
    deps,
    { kind: "push-owner", source },
    rows.map((r) => r.token),
    message,
  );
}

/** One page of the card holders' devices, then the next page's job (`jobId`: this job's id). */
export async function pushToCardHolders(
  deps: PushDeps,
  holders: JobQueue<CardHolderPush>,
  page: CardHolderPush,
  jobId: string,
) {
  const { db } = deps;
  const source = page.source ?? jobId;
  const number = page.page ?? 0;
  const rows = await db
    .select({ id: pushTokens.id, token: pushTokens.token, cardId: pushTokens.cardId })
    .from(pushTokens)
    .innerJoin(cards, eq(cards.id, pushTokens.cardId))
    .where(
      and(
        eq(cards.businessId, page.businessId),
        isNotNull(pushTokens.cardId),
        // The holder turned push off on the card's preferences page.
        isNull(cards.pushOptOutAt),
        gt(pushTokens.id, page.afterId),
        // A message to every card holder skips the control group; a segmented one was sent outside it.
        page.messageId === undefined
          ? outsideControlGroup()
          : inArray(
              pushTokens.cardId,
              db
                .select({ cardId: messageRecipients.cardId })
                .from(messageRecipients)
                .where(eq(messageRecipients.messageId, page.messageId)),
            ),
      ),
    )
    .orderBy(asc(pushTokens.id))
    .limit(CARD_HOLDER_PAGE);
  // A marketing message's cards the weekly cap holds get no push (decided once for all channels).
  const held =
    page.figuresOf === undefined
      ? new Set<number>()
      : await db.transaction((tx) =>
          heldFromMessage(
            tx,
            page.figuresOf!,
            rows.map((r) => r.cardId!),
          ),
        );
  const result = await deliver(
    deps,
    { kind: "push-card-holders", source },
    rows.filter((r) => !held.has(r.cardId!)).map((r) => r.token),
    page.message,
  );
  if (result && page.figuresOf !== undefined) {
    await recordChannelOutcomes(db, page.figuresOf, "push", pushOutcomes(rows, result));
  }
  if (rows.length < CARD_HOLDER_PAGE) return;
  // The next page, once per chain: claimed by its number (a rerun of this page may read other
  // rows, as invalid tokens were deleted, but its next page is the same one) with a derived id.
  const next = number + 1;
  await db.transaction(async (tx) => {
    if (!(await claimEffect(tx, { kind: "push-card-holders-page", source }, next))) return;
    await holders.enqueue(
      tx,
      { ...page, afterId: rows.at(-1)!.id, source, page: next },
      { id: childJobId(source, `page-${next}`) },
    );
  });
}

/** Each device tried for a card: FCM took it, or reported it gone (`unregistered`), or refused it. */
const pushOutcomes = (rows: { token: string; cardId: number | null }[], result: PushResult & { tried: string[] }) => {
  const accepted = new Set(result.accepted);
  const invalid = new Set(result.invalid);
  const tried = new Set(result.tried);
  // Devices an earlier run of this page reached were counted then.
  return rows.flatMap((row) =>
    row.cardId === null || !tried.has(row.token)
      ? []
      : [
          {
            cardId: row.cardId,
            took: accepted.has(row.token),
            reason: invalid.has(row.token) ? "unregistered" : "refused",
          },
        ],
  );
};
