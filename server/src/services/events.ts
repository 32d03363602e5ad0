/**
 * What happened in the domain, for the parts that react to it without being part of the change
 * (the owner's notification feed, push messages, wallet pass updates). Modules emit after their
 * transaction has committed; listeners run after the answer is sent (`afterResponse`), so a slow
 * or failing listener never delays or breaks the call that emitted, and one listener's failure
 * does not stop the others (each is logged).
 */
export type DomainEvent =
  /** A customer joined: a new card with its first stamp. */
  | { type: "card.joined"; ownerId: number; businessId: number; cardId: number }
  /**
   * A card's stamps changed (a stamp, or a reward redeemed): wallet passes show the new count;
   * `qrCodeId` when a self-scan of that code made it (its counter screen confirms it).
   */
  | { type: "card.changed"; ownerId: number; businessId: number; cardId: number; qrCodeId?: number }
  /** A fraud alert marked the card (once per card per day): the owner's feed says why. */
  | { type: "card.flagged"; ownerId: number; businessId: number; cardId: number; reason: string }
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
  | { type: "message.sent"; ownerId: number; businessId: number; messageId: number; title: string; message: string }
  /** An invited staff member created their account. */
  | { type: "staff.joined"; ownerId: number; staffUserId: number; name: string };

export type EventType = DomainEvent["type"];
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;
type Listener<T extends EventType> = (event: EventOf<T>) => Promise<unknown>;
type AnyListener = (event: DomainEvent) => Promise<unknown>;

export type Events = {
  emit(event: DomainEvent): void;
  on<T extends EventType>(type: T, listener: Listener<T>): void;
};

/** `defer` runs a task after the answer (app.afterResponse), logging its failure. */
export function createEvents(defer: (task: () => Promise<unknown>) => void): Events {
  const listeners = new Map<EventType, AnyListener[]>();
  return {
    emit(event) {
      for (const listener of listeners.get(event.type) ?? []) defer(() => listener(event));
    },
    on(type, listener) {
      // Stored by its type, so it is only ever called with events of that type.
      listeners.set(type, [...(listeners.get(type) ?? []), listener as unknown as AnyListener]);
    },
  };
}
