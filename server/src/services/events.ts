import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { orderedId, type JobInfo, type JobQueue, type Jobs } from "./jobs";

/**
 * What happened in the domain, for the parts that react to it without being part of the change
 * (the owner's notification feed, push messages, wallet pass updates). Modules emit inside the
 * transaction that makes the change: each listener is a job queue (services/jobs.ts), and the
 * emit writes one job per listener in that transaction, so a listener runs exactly when the change
 * committed, after the answer, even if this process dies first. A failing listener is retried on
 * its own; it never delays or breaks the call that emitted, nor the other listeners.
 */
export type DomainEvent =
  /** A customer joined: a new card with its first stamp. */
  | { type: "card.joined"; ownerId: number; businessId: number; cardId: number }
  /**
   * A card's stamps changed (a stamp, or a reward redeemed): wallet passes show the new count;
   * `qrCodeId` when a self-scan of that code made it (its counter screen confirms it).
   */
  | {
      type: "card.changed";
      ownerId: number;
      businessId: number;
      cardId: number;
      qrCodeId?: number;
      /** What changed it (engine/rules.ts): webhooks tell an earn from a correction. */
      action?: "stamp" | "redeem" | "adjust" | "expire" | "referral" | "topup" | "voucher";
    }
  /**
   * A card was deleted (customer-delete, wallet-card-delete): its saved Google pass is expired.
   * The row is gone when listeners run, so the event carries the serial the pass is named by.
   */
  | { type: "card.deleted"; ownerId: number; businessId: number; cardId: number; serial: string }
  /**
   * A card's level moved: up by an earn, or up or down by the nightly re-evaluation of a rolling
   * period (`level` null: none). The customer is told (modules/levels/notice.ts).
   */
  | {
      type: "card.level_changed";
      ownerId: number;
      businessId: number;
      cardId: number;
      level: string | null;
      previous: string | null;
      up: boolean;
    }
  /** A fraud alert marked the card (once per card per day): the owner's feed says why. */
  | { type: "card.flagged"; ownerId: number; businessId: number; cardId: number; reason: string }
  /** A voucher was issued to a card (offers: join, birthday, win-back, campaign or manual). */
  | { type: "voucher.issued"; ownerId: number; businessId: number; cardId: number; voucherId: number }
  /** Staff (or the owner) redeemed a card's voucher. */
  | { type: "voucher.redeemed"; ownerId: number; businessId: number; cardId: number; voucherId: number }
  /** Staff (or the owner) redeemed a card's reward. */
  | { type: "reward.redeemed"; ownerId: number; businessId: number; cardId: number; rewardTitle: string }
  | { type: "payment.succeeded"; ownerId: number; paymentId: number; amountMinor: number; currency: string }
  | {
      type: "payment.failed";
      ownerId: number;
      paymentId: number;
      amountMinor: number;
      currency: string;
      reason: string | null;
    }
  /** The owner sent a message to the holders of a business's cards (notification-add). */
  | {
      type: "message.sent";
      ownerId: number;
      businessId: number;
      messageId: number;
      title: string;
      message: string;
      /** Sent to a segment or by an automation: it reaches only its recipients' cards. */
      segmented?: boolean;
      /** False: the owner left the wallet pass out of its channels (absent: it goes there). */
      pass?: boolean;
    }
  /** The owner saved the card design: saved Apple and Google passes take the new look. */
  | { type: "card.designed"; ownerId: number; businessId: number }
  /** A customer's name, email, phone or birthday changed (`fields`: which). */
  | { type: "customer.updated"; ownerId: number; customerId: number; fields: string[] }
  /** An invited staff member created their account. */
  | { type: "staff.joined"; ownerId: number; staffUserId: number; name: string };

export type EventType = DomainEvent["type"];
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;
/** `job.id` names this delivery of the event to this listener: the source its effects are keyed by. */
type Listener<T extends EventType> = (event: EventOf<T>, job: JobInfo) => Promise<unknown>;
type AnyListener = (event: DomainEvent, job: JobInfo) => Promise<unknown>;

export type ListenerOptions = {
  /**
   * When the listener has something to do, as SQL over `event` (the DomainEvent as jsonb): the
   * emit writes its job only then, in the same statement (no job, no worker woken, no query by
   * the listener). For listeners that most events leave with nothing to do: webhooks of an owner
   * without endpoints, pass updates of a card in no wallet. The listener still checks for itself
   * when it runs (an endpoint may be disabled meanwhile).
   */
  when?: (event: SQL) => SQL;
};

export type Events = {
  /** One job per listener of the event's type (that `when` it), written with `tx`; nothing when none listens. */
  emit(tx: Db, event: DomainEvent): Promise<void>;
  /**
   * The same, inside a statement that makes the change itself: `events` is a query with the
   * columns `type` (text) and `event` (the DomainEvent as jsonb), one row per event, in the
   * order emitted among `types`. Answers the `insert` to run in that statement (a data-modifying
   * CTE returning the `name` of each job's queue: pass them to `written()` once it ran), or null
   * when no listener hears any of `types`.
   */
  emitSql(types: readonly EventType[], events: SQL): SQL | null;
  /** The queues an `emitSql` statement wrote jobs to: their workers wake after the answer. */
  written(queueNames: readonly string[]): void;
  /** Resolves once every listener's queue exists (before an `emitSql` statement). */
  ready(): Promise<void>;
  /**
   * A listener of one or more event types. `name` names its queue (`event.<name>`): unique, and
   * the same in every instance and across restarts, since jobs written by one may run on another.
   * One listener's events run in the order they were emitted (per instance): the feed lists a
   * declined payment before the retry that went through.
   */
  on<T extends EventType>(
    types: T | readonly T[],
    name: string,
    listener: Listener<T>,
    options?: ListenerOptions,
  ): void;
};

export function createEvents(jobs: Jobs): Events {
  const listeners: { types: readonly EventType[]; queue: JobQueue<DomainEvent>; when?: ListenerOptions["when"] }[] = [];
  const ready = () => jobs.ready(listeners.map((l) => l.queue.name));
  const emitSql: Events["emitSql"] = (types, events) => {
    // One job id per (type, listener), made here in emit order: jobs of one statement share
    // created_on, and run in the order of their ids.
    const targets = types.flatMap((type) =>
      listeners.filter((l) => l.types.includes(type)).map((l) => ({ type, listener: l, id: orderedId() })),
    );
    if (targets.length === 0) return null;
    const values = targets.map((t) => sql`(${t.type}::text, ${t.listener.queue.name}::text, ${t.id}::uuid)`);
    const conditions = [...new Set(targets.map((t) => t.listener))]
      .filter((l) => l.when)
      .map((l) => sql`when ${l.queue.name}::text then (${l.when!(sql`e.event`)})`);
    const when = conditions.length > 0 ? sql` where case t.queue ${sql.join(conditions, sql` `)} else true end` : sql``;
    return jobs.insertSql(
      sql`select t.queue, t.id, e.event as data
        from (${events}) e join (values ${sql.join(values, sql`, `)}) t(type, queue, id) on t.type = e.type${when}`,
      [...new Set(targets.map((t) => t.listener.queue.name))],
    );
  };
  return {
    ready,
    emitSql,
    written: (queueNames) => jobs.written(queueNames),
    async emit(tx, event) {
      const insert = emitSql(
        [event.type],
        sql`select ${event.type}::text as type, ${JSON.stringify(event)}::jsonb as event`,
      );
      if (!insert) return;
      await ready();
      const { rows } = (await tx.execute(insert)) as unknown as { rows: { name: string }[] };
      jobs.written(rows.map((row) => row.name));
    },
    on(types, name, listener, options = {}) {
      // Its queue only ever holds events of its types.
      const queue = jobs.work<DomainEvent>(`event.${name}`, listener as unknown as AnyListener);
      listeners.push({ types: typeof types === "string" ? [types] : types, queue, when: options.when });
    },
  };
}
