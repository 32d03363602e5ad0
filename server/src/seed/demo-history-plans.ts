import type { StoredLevel } from "../modules/loyalty/engine/levels";
import {
  change,
  levelled,
  MINUTE,
  paymentBeside,
  tillOrder,
  type ShopPlan,
  type SimCard,
  type VisitContext,
} from "./demo-history-simulate";

/** New customers per month of each demo business's history, oldest month first. */
export const COHORTS = {
  cafe: [30, 35, 40, 45, 45, 45],
  bakery: [40, 45, 50, 55, 55, 55],
  nails: [40, 45, 50, 55, 55, 55],
} as const;

/** Who serves at the counter: the staff member most of the time, the owner now and then. */
export type Team = { ownerId: number; staffId: number };

const between = (random: () => number, low: number, high: number) => low + Math.floor(random() * (high - low));

/** A visit at the counter by `staffId` (the owner when it is theirs). */
const served = (ctx: VisitContext, team: Team) => {
  const staff = ctx.random() < 0.75 ? team.staffId : team.ownerId;
  return { staff, actor: staff === team.ownerId ? ("owner" as const) : ("staff" as const) };
};

/** The staff member's earns may miss their payment (the owner's never do): what the fraud check finds. */
const mayMiss = (staff: number, team: Team) => staff !== team.ownerId;

/**
 * Demo Café (stamps, GBP, a Square till): card holders' orders stamp their cards at the till,
 * staff stamp at the counter beside a payment, customers scan the QR code; a full card's reward is
 * taken at the counter. New cards get the welcome voucher.
 */
export function cafePlan(
  team: Team,
  programmes: readonly { stampsRequired: number }[],
  voucherDays: number | null,
): ShopPlan {
  return {
    key: "cafe",
    provider: "square",
    seed: 20_261_201,
    cohorts: COHORTS.cafe,
    programmeOf: (random) => (random() < 0.7 ? 0 : 1),
    join: (card, time) => {
      card.balance = 1;
      card.lifetime = 1;
      card.changes.push(change({ time, kind: "join", delta: 1, after: 1, self: true }));
    },
    channels: { till: 0.45, staff: 0.35 },
    walkIns: 2,
    walkInAmount: [280, 1_600],
    voucherDays,
    visit: (ctx) => {
      const { card, time, random } = ctx;
      const required = programmes[card.programme]!.stampsRequired;
      const stamp = (extra: Partial<Parameters<typeof change>[0]>) => {
        card.balance += 1;
        card.lifetime += 1;
        card.earnedAt = time;
        card.changes.push(change({ time, kind: "stamp", delta: 1, after: card.balance, ...extra }));
      };
      if (ctx.channel === "staff") {
        const { staff, actor } = served(ctx, team);
        if (card.balance >= required) {
          card.balance -= required;
          card.redeemed += 1;
          card.changes.push(change({ time, kind: "redeem", delta: -required, after: card.balance, actor, staff }));
          if (random() < 0.5) paymentBeside(ctx, between(random, 250, 600), false);
          return;
        }
        stamp({ actor, staff });
        paymentBeside(ctx, between(random, 320, 1_450), mayMiss(staff, team));
      } else if (ctx.channel === "till") {
        const orderId = ctx.orderId();
        stamp({ actor: "till", till: true, parts: [{ order: { id: orderId, source: "square" } }] });
        const amount = between(random, 320, 1_450);
        tillOrder(ctx, { orderId, amount, earned: 1, earnedOnAmount: false, visitEarned: 1 }, () => 0, "square");
      } else {
        card.lastSelf = time;
        stamp({ self: true });
      }
    },
  };
}

/**
 * Demo Bakery (points, EUR, a Shopify shop): points per visit and per euro, at the levels' rates;
 * card holders' orders earn at the till, staff earn at the scanner beside a payment and sell
 * the catalogue's treats for points, customers scan for their visit points.
 */
export function bakeryPlan(
  team: Team,
  programme: { pointsPerVisit: number; pointsPerUnit: number; levels: readonly StoredLevel[] },
  options: readonly { id: number; points: number }[],
): ShopPlan {
  const earn = (card: SimCard, base: number) => {
    const { delta, level } = levelled(card, programme.levels, base);
    card.balance += delta;
    card.lifetime += delta;
    card.level = level ?? card.level;
    return delta;
  };
  const onAmount = (amount: number) => programme.pointsPerVisit + Math.floor((amount * programme.pointsPerUnit) / 100);
  return {
    key: "bakery",
    provider: "shopify",
    seed: 20_261_202,
    cohorts: COHORTS.bakery,
    programmeOf: () => 0,
    join: (card, time) => {
      const delta = earn(card, programme.pointsPerVisit);
      card.changes.push(change({ time, kind: "join", delta, after: card.balance, self: true }));
    },
    channels: { till: 0.5, staff: 0.3 },
    walkIns: 2,
    walkInAmount: [200, 1_500],
    voucherDays: null,
    visit: (ctx) => {
      const { card, time, random } = ctx;
      if (ctx.channel === "self") {
        const delta = earn(card, programme.pointsPerVisit);
        card.lastSelf = time;
        card.earnedAt = time;
        card.changes.push(change({ time, kind: "stamp", delta, after: card.balance, self: true }));
        return;
      }
      const amount = between(random, 250, 1_800);
      if (ctx.channel === "staff") {
        const { staff, actor } = served(ctx, team);
        const option = options.filter((o) => o.points <= card.balance).at(-1);
        if (option && random() < 0.3) {
          card.balance -= option.points;
          card.redeemed += 1;
          card.changes.push(
            change({
              time,
              kind: "redeem",
              delta: -option.points,
              after: card.balance,
              actor,
              staff,
              option: option.id,
            }),
          );
          return;
        }
        const delta = earn(card, onAmount(amount));
        card.spend += amount;
        card.earnedAt = time;
        card.changes.push(change({ time, kind: "stamp", delta, after: card.balance, actor, staff, amount }));
        paymentBeside(ctx, amount, mayMiss(staff, team));
        return;
      }
      const orderId = ctx.orderId();
      const delta = earn(card, onAmount(amount));
      card.spend += amount;
      card.earnedAt = time;
      card.changes.push(
        change({
          time,
          kind: "stamp",
          delta,
          after: card.balance,
          actor: "till",
          till: true,
          amount,
          parts: [{ order: { id: orderId, source: "shopify" } }],
        }),
      );
      const visitEarned = Math.min(delta, programme.pointsPerVisit);
      tillOrder(
        ctx,
        { orderId, amount, earned: delta, earnedOnAmount: true, visitEarned },
        (refunded) => Math.floor(((delta - visitEarned) * refunded) / amount),
        "shopify",
      );
    },
  };
}

/**
 * Demo Nails (a 10-visit pass, no till): the owner sells a pass at the first visit and another
 * when one runs out, and uses a visit at each appointment; some customers also check in on the
 * desk's QR code (a visit that uses none).
 */
export function nailsPlan(team: Team, visitsIncluded: number): ShopPlan {
  const owner = { actor: "owner" as const, staff: team.ownerId };
  const spendVisit = (card: SimCard, time: number) => {
    if (card.balance < 1) {
      card.balance += visitsIncluded;
      card.lifetime += visitsIncluded;
      card.earnedAt = time - 5 * MINUTE;
      card.changes.push(
        change({
          time: time - 5 * MINUTE,
          kind: "topup",
          delta: visitsIncluded,
          after: card.balance,
          visit: false,
          ...owner,
        }),
      );
    }
    card.balance -= 1;
    card.redeemed += 1;
    card.lastVisit = time;
    card.changes.push(change({ time, kind: "redeem", delta: -1, after: card.balance, ...owner }));
  };
  return {
    key: "nails",
    provider: null,
    seed: 20_261_203,
    cohorts: COHORTS.nails,
    programmeOf: () => 0,
    join: (card, time) => {
      card.changes.push(change({ time, kind: "join", delta: 0, after: 0, self: true }));
      spendVisit(card, time + 30 * MINUTE);
    },
    channels: { till: 0, staff: 1 },
    walkIns: 0,
    walkInAmount: [0, 0],
    voucherDays: null,
    visit: (ctx) => {
      const { card, time, random } = ctx;
      if (random() < 0.25) {
        card.lastSelf = time - 10 * MINUTE;
        card.changes.push(
          change({ time: time - 10 * MINUTE, kind: "stamp", delta: 0, after: card.balance, self: true }),
        );
      }
      spendVisit(card, time);
    },
  };
}
