import { type ReasonPart } from "../modules/loyalty/engine/history-reason";
import { levelAt, type StoredLevel } from "../modules/loyalty/engine/levels";
import { DEMO_CONTROL_PERCENT, demoControl } from "./control-serial";
import { prng } from "./demo-cafe";

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 86_400_000;

/** How the demo's history is drawn: six monthly cohorts, a tenth of them held out as the control group. */
export const HISTORY = {
  months: 6,
  /** No join older than this (days): a pass bought then has not lapsed yet. */
  oldestDays: 170,
  controlPercent: DEMO_CONTROL_PERCENT,
  /** Regulars come every few days and rarely stop; the others come less and less, and drop off. */
  regulars: 0.1,
  /** The control group (no offers, no messages) comes slightly less often. */
  controlGapFactor: 1.2,
  /** The share of a staff member's earns with no till payment beside them. */
  unmatched: 0.06,
  refunds: 0.04,
} as const;

export type Actor = "customer" | "staff" | "owner" | "till" | "system";

/** One change of a card as the engine writes it: a history event, and a scan when it is a visit. */
export type Change = {
  time: number;
  kind: "join" | "stamp" | "redeem" | "adjust" | "topup";
  delta: number;
  after: number;
  visit: boolean;
  actor: Actor;
  staff: number | null;
  /** Through the business's QR code (a self-scan). */
  self: boolean;
  amount: number | null;
  option: number | null;
  /** Why the engine made it (a till order, its refund), as the engine keeps it: none for the rest. */
  parts: ReasonPart[] | null;
  till: boolean;
};

/** A till payment: of a card holder (`card`, an index) when the till knew them, else of an unknown customer. */
export type Sale = {
  kind: "sale" | "refund";
  orderId: string;
  refundId: string;
  card: number | null;
  amount: number;
  time: number;
};

/** What a card holder's till order earned (order_earns), and its partial refund if any. */
export type OrderEarn = {
  orderId: string;
  card: number;
  earned: number;
  amount: number | null;
  total: number;
  visitEarned: number;
  time: number;
  refund: { refundId: string; amount: number; taken: number; time: number } | null;
};

export type Voucher = { card: number; issued: number; redeemed: number | null; by: number | null };

/** A card's running state while its visits are drawn. */
export type CardState = {
  balance: number;
  lifetime: number;
  spend: number;
  redeemed: number;
  level: string | null;
  lastSelf: number | null;
  lastVisit: number;
  earnedAt: number;
  changes: Change[];
};

export type SimCard = CardState & {
  name: string;
  email: string;
  joined: number;
  control: boolean;
  /** The programme's index among the business's programmes (the café has two). */
  programme: number;
};

export type Simulated = {
  cards: SimCard[];
  sales: Sale[];
  orders: OrderEarn[];
  vouchers: Voucher[];
};

/** What a visit is: at the till (a card holder's order), scanned by staff, or the customer's own scan. */
export type Channel = "till" | "staff" | "self";

/** Everything a business's visit rule may draw on. */
export type VisitContext = {
  card: SimCard;
  index: number;
  time: number;
  channel: Channel;
  random: () => number;
  out: Simulated;
  orderId: () => string;
  /** The latest instant a change may have. */
  latest: number;
};

/** A demo business's history: its customers' programme, channels and what one visit does. */
export type ShopPlan = {
  key: string;
  /** The till's platform (its orders' ids start with it), or null: no till. */
  provider: "square" | "shopify" | null;
  seed: number;
  cohorts: readonly number[];
  /** The programme a new card collects for (an index), and what the join gives. */
  programmeOf: (random: () => number) => number;
  join: (card: SimCard, time: number) => void;
  channels: { till: number; staff: number };
  visit: (ctx: VisitContext) => void;
  /** Payments of customers without a card, per day. */
  walkIns: number;
  walkInAmount: [number, number];
  voucherDays: number | null;
};

const FIRST = [
  "Ana",
  "Ben",
  "Carla",
  "Dev",
  "Elif",
  "Finn",
  "Gia",
  "Hana",
  "Ivan",
  "Jade",
  "Karim",
  "Lucia",
  "Marek",
  "Nadia",
  "Omar",
  "Paula",
  "Quinn",
  "Rosa",
  "Sven",
  "Tara",
  "Umar",
  "Vera",
  "Wei",
  "Yara",
];
const LAST = [
  "Ahmed",
  "Becker",
  "Costa",
  "Doyle",
  "Eriksen",
  "Fischer",
  "Grant",
  "Horvat",
  "Ito",
  "Jensen",
  "Kowalski",
  "Lopez",
  "Moreno",
  "Nguyen",
  "Olsen",
  "Park",
  "Reyes",
  "Santos",
];

/** The first instant of the UTC month `back` months before `now`'s. */
const monthStart = (now: number, back: number) => {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1);
};

/** A time in the business's opening hours (07:00–15:00 UTC) of the day of `t`. */
const openingTime = (t: number, random: () => number) =>
  Math.floor(t / DAY) * DAY + 7 * HOUR + Math.floor(random() * 8 * 60) * MINUTE;

/** A change with the defaults of a customer's own visit. */
export const change = (c: Partial<Change> & Pick<Change, "time" | "kind" | "delta" | "after">): Change => ({
  visit: true,
  actor: "customer",
  staff: null,
  self: false,
  amount: null,
  option: null,
  parts: null,
  till: false,
  ...c,
});

/** An earn of `base` on a programme with levels: the level the earn reaches earns at its rate (levels.ts). */
export function levelled(card: CardState, levels: readonly StoredLevel[], base: number) {
  const level = levelAt(levels, card.lifetime + base);
  const delta = level?.multiplier ? Math.floor((base * level.multiplier) / 100) : base;
  return { delta, level: level?.name ?? null };
}

/**
 * The business's six months: a cohort of new customers each month (the current one so far), each
 * coming back at a pace that slows, a few regulars who keep coming, and a control group a little
 * less often. Seeded: the same history on every machine for the same `now`.
 */
export function simulateShop(plan: ShopPlan, now: number): Simulated {
  const random = prng(plan.seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const out: Simulated = { cards: [], sales: [], orders: [], vouchers: [] };
  let orders = 0;
  const orderId = () => `${plan.provider}:demo-${plan.key}-${String(++orders).padStart(5, "0")}`;
  const oldest = now - HISTORY.oldestDays * DAY;
  const latest = now - HOUR;
  plan.cohorts.forEach((size, m) => {
    const back = plan.cohorts.length - 1 - m;
    const from = Math.max(monthStart(now, back), oldest);
    const to = Math.min(monthStart(now, back - 1), latest);
    for (let i = 0; i < size; i++) {
      const index = out.cards.length;
      const first = pick(FIRST);
      const last = pick(LAST);
      const joinedDay = from + random() * Math.max(0, to - from);
      const joined = Math.min(openingTime(joinedDay, random), latest);
      // One card in ten is a regular, in the control group as much as outside it.
      const regular = Math.floor(index / 10) % (1 / HISTORY.regulars) === 3;
      const control = demoControl(index);
      const card: SimCard = {
        name: `${first} ${last}`,
        email: `${first}.${last}.${plan.key}${index + 1}@example.org`.toLowerCase(),
        joined,
        control,
        programme: plan.programmeOf(random),
        balance: 0,
        lifetime: 0,
        spend: 0,
        redeemed: 0,
        level: null,
        lastSelf: joined,
        lastVisit: joined,
        earnedAt: joined,
        changes: [],
      };
      out.cards.push(card);
      plan.join(card, joined);
      const welcome: Voucher | null =
        plan.voucherDays !== null && !control ? { card: index, issued: joined, redeemed: null, by: null } : null;
      if (welcome) out.vouchers.push(welcome);
      let gap = (regular ? 4 + random() * 4 : 8 + random() * 17) * (control ? HISTORY.controlGapFactor : 1);
      const churn = regular ? 0.02 : 0.2;
      for (let t = joined + gap * DAY * (0.5 + random()); ; t += gap * DAY * (0.6 + random() * 0.8)) {
        const day = Math.max(Math.floor(t / DAY), Math.floor(card.lastVisit / DAY) + 1);
        const time = openingTime(day * DAY, random);
        if (time >= latest) break;
        const roll = random();
        const channel: Channel =
          roll < plan.channels.till ? "till" : roll < plan.channels.till + plan.channels.staff ? "staff" : "self";
        plan.visit({ card, index, time, channel, random, out, orderId, latest });
        card.lastVisit = time;
        if (welcome && welcome.redeemed === null && channel !== "self" && time < joined + plan.voucherDays! * DAY) {
          if (random() < 0.7) welcome.redeemed = time;
        }
        gap *= 1.08;
        if (random() < churn) break;
      }
    }
  });
  // Walk-ins: payments at the till of people without a card.
  if (plan.provider !== null && plan.walkIns > 0) {
    const [low, high] = plan.walkInAmount;
    for (let day = Math.floor(oldest / DAY) + 1; day * DAY < latest; day++) {
      for (let i = 0; i < plan.walkIns; i++) {
        const time = openingTime(day * DAY, random);
        if (time >= latest) continue;
        out.sales.push({
          kind: "sale",
          orderId: orderId(),
          refundId: "",
          card: null,
          amount: low + Math.floor(random() * (high - low)),
          time,
        });
      }
    }
  }
  return out;
}

/**
 * A till payment beside a staff member's earn (the customer paid without naming themselves), a few
 * minutes either side; none for a few of the staff member's earns, the ones a fraud check looks at.
 */
export function paymentBeside(ctx: VisitContext, amount: number, mayMiss: boolean) {
  // Drawn whoever served, so the owner's and the staff member's visits draw alike.
  const missed = ctx.random() < HISTORY.unmatched;
  const time = ctx.time + Math.round((ctx.random() * 8 - 4) * MINUTE);
  if (mayMiss && missed) return;
  ctx.out.sales.push({ kind: "sale", orderId: ctx.orderId(), refundId: "", card: null, amount, time });
}

/**
 * A card holder's till order that earned `earned` (its visit part `visitEarned`): the order's sale
 * on the card and, for a few, a partial refund later that day, taking back `take(refunded)`.
 */
export function tillOrder(
  ctx: VisitContext,
  order: { orderId: string; amount: number; earned: number; earnedOnAmount: boolean; visitEarned: number },
  take: (refunded: number) => number,
  provider: string,
) {
  const { out, card, index, time, random } = ctx;
  out.sales.push({ kind: "sale", orderId: order.orderId, refundId: "", card: index, amount: order.amount, time });
  const earn: OrderEarn = {
    orderId: order.orderId,
    card: index,
    earned: order.earned,
    amount: order.earnedOnAmount ? order.amount : null,
    total: order.amount,
    visitEarned: order.visitEarned,
    time,
    refund: null,
  };
  out.orders.push(earn);
  if (random() >= HISTORY.refunds) return;
  const refunded = Math.max(1, Math.floor(order.amount * (0.3 + random() * 0.3)));
  const at = Math.min(time + (20 + Math.floor(random() * 100)) * MINUTE, ctx.latest);
  const taken = Math.min(take(refunded), card.balance);
  const refundId = `${order.orderId}-r1`;
  earn.refund = { refundId, amount: refunded, taken, time: at };
  out.sales.push({ kind: "refund", orderId: order.orderId, refundId, card: index, amount: refunded, time: at });
  if (order.earnedOnAmount) card.spend -= Math.min(order.amount, refunded);
  if (taken > 0 || order.earnedOnAmount) {
    card.balance -= taken;
    card.changes.push(
      change({
        time: at,
        kind: "adjust",
        delta: -taken,
        after: card.balance,
        visit: false,
        actor: "till",
        till: true,
        parts: [{ refund: { id: order.orderId, source: provider } }],
      }),
    );
  }
}
