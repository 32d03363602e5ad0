import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { sha256 } from "../crypto";
import type { Db } from "../db/client";
import { businesses, offers, posConnections, qrCodes, rewardOptions, rewards, users } from "../db/schema";
import { newVoucherCode } from "../modules/loyalty/engine/codes";
import { reasonText } from "../modules/loyalty/engine/history-reason";
import { controlSerial } from "./control-serial";
import { DEMO_BAKERY } from "./demo-bakery";
import { DEMO_CAFE } from "./demo-cafe";
import { bakeryPlan, cafePlan, nailsPlan, type Team } from "./demo-history-plans";
import { DAY, HISTORY, MINUTE, simulateShop, type ShopPlan, type Simulated } from "./demo-history-simulate";
import { DEMO_NAILS } from "./demo-nails";

/** What the owner says each reward costs them (minor units): the insights' reward cost and liability. */
const COSTS = {
  cafe: { "Free coffee": 180, "Pastry of your choice": 240 } as Record<string, number>,
  bakery: { Croissant: 90, "Coffee and a pastry": 260, "Free lunch": 950 } as Record<string, number>,
};

type Shop = { id: number; currency: string | null };
type Programme = { rewardId: number; qrId: number | null; addressId: number | null };

/** The business's programmes (oldest first) with the QR code and address each collects through. */
async function programmesOf(tx: Db, businessId: number): Promise<Programme[]> {
  const rows = await tx
    .select({ rewardId: rewards.id, qrId: qrCodes.id, addressId: qrCodes.addressId })
    .from(rewards)
    .leftJoin(qrCodes, eq(qrCodes.rewardId, rewards.id))
    .where(and(eq(rewards.businessId, businessId), eq(rewards.active, true)))
    .orderBy(asc(rewards.id), asc(qrCodes.id));
  return rows.filter((row, i) => rows.findIndex((r) => r.rewardId === row.rewardId) === i);
}

/**
 * The demo owner's three businesses get six months of history (demo-history-simulate.ts): cohorts
 * of customers, visits, redeems, vouchers, till payments and refunds, staff earns, and a 10 %
 * control group. Once: only while the owner's businesses are the three demo ones, and only until
 * the café has its till (made here, in the same transaction). Deterministic for a given `now`;
 * secrets (serials, voucher codes, the tills' keys) random as always.
 */
export async function seedDemoHistory(db: Db, ownerId: number, now = new Date()) {
  const owned = await db
    .select({ id: businesses.id, name: businesses.businessName, currency: businesses.currency })
    .from(businesses)
    .where(eq(businesses.userId, ownerId));
  const demo = [DEMO_CAFE.name, DEMO_BAKERY.name, DEMO_NAILS.name];
  const shop = (name: string) => owned.find((b) => b.name === name);
  const [cafe, bakery, nails] = demo.map(shop);
  if (owned.length !== demo.length || !cafe || !bakery || !nails) return { created: false as const };
  const [tilled] = await db
    .select({ id: posConnections.id })
    .from(posConnections)
    .where(
      inArray(
        posConnections.businessId,
        owned.map((b) => b.id),
      ),
    )
    .limit(1);
  if (tilled) return { created: false as const };
  const [staff] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, DEMO_CAFE.staff.email), eq(users.ownerId, ownerId)))
    .limit(1);
  const team: Team = { ownerId, staffId: staff?.id ?? ownerId };
  const time = now.getTime();

  return db.transaction(async (tx) => {
    await tx
      .update(businesses)
      .set({ controlGroupPercent: HISTORY.controlPercent })
      .where(eq(businesses.userId, ownerId));
    const counts = { customers: 0, changes: 0, sales: 0 };
    const add = (s: Simulated) => {
      counts.customers += s.cards.length;
      counts.changes += s.cards.reduce((n, c) => n + c.changes.length, 0);
      counts.sales += s.sales.length;
    };

    // Demo Café: its two stamp cards, their costs, the welcome offer's vouchers.
    const cafeProgrammes = await programmesOf(tx, cafe.id);
    const cafeRewards = await tx
      .select({ id: rewards.id, title: rewards.title, stampsRequired: rewards.stampsRequired })
      .from(rewards)
      .where(
        inArray(
          rewards.id,
          cafeProgrammes.map((p) => p.rewardId),
        ),
      )
      .orderBy(asc(rewards.id));
    for (const r of cafeRewards) {
      const cost = COSTS.cafe[r.title];
      if (cost !== undefined) await tx.update(rewards).set({ cost }).where(eq(rewards.id, r.id));
    }
    const [welcome] = await tx
      .select({ id: offers.id, validDays: offers.validDays })
      .from(offers)
      .where(and(eq(offers.businessId, cafe.id), eq(offers.trigger, "join"), eq(offers.active, true)))
      .limit(1);
    const cafeTill = await connectTill(tx, ownerId, cafe, "square", team);
    const cafePlanned = cafePlan(team, cafeRewards, welcome?.validDays ?? null);
    const cafeSim = simulateShop(cafePlanned, time);
    await writeShop(tx, ownerId, cafe, cafePlanned, cafeProgrammes, cafeTill, cafeSim, {
      offerId: welcome?.id ?? null,
      validDays: welcome?.validDays ?? 0,
      redeemedBy: team.staffId,
    });
    add(cafeSim);

    // Demo Bakery: its points, levels and catalogue (with what each treat costs).
    const bakeryProgrammes = await programmesOf(tx, bakery.id);
    const [points] = await tx
      .select({ pointsPerVisit: rewards.pointsPerVisit, pointsPerUnit: rewards.pointsPerUnit, levels: rewards.levels })
      .from(rewards)
      .where(eq(rewards.id, bakeryProgrammes[0]!.rewardId));
    const options = await tx
      .select({ id: rewardOptions.id, title: rewardOptions.title, points: rewardOptions.points })
      .from(rewardOptions)
      .where(and(eq(rewardOptions.rewardId, bakeryProgrammes[0]!.rewardId), eq(rewardOptions.active, true)))
      .orderBy(asc(rewardOptions.points), asc(rewardOptions.id));
    for (const o of options) {
      const cost = COSTS.bakery[o.title];
      if (cost !== undefined) await tx.update(rewardOptions).set({ cost }).where(eq(rewardOptions.id, o.id));
    }
    const bakeryTill = await connectTill(tx, ownerId, bakery, "shopify", team);
    const plan = bakeryPlan(team, { ...points!, pointsPerUnit: Number(points!.pointsPerUnit) }, options);
    const bakerySim = simulateShop(plan, time);
    await writeShop(tx, ownerId, bakery, plan, bakeryProgrammes, bakeryTill, bakerySim, null);
    add(bakerySim);

    // Demo Nails: passes sold and used, no till.
    const nailsProgrammes = await programmesOf(tx, nails.id);
    const [pass] = await tx
      .select({ visits: rewards.stampsRequired })
      .from(rewards)
      .where(eq(rewards.id, nailsProgrammes[0]!.rewardId));
    const nailsPlanned = nailsPlan(team, pass!.visits);
    const nailsSim = simulateShop(nailsPlanned, time);
    await writeShop(tx, ownerId, nails, nailsPlanned, nailsProgrammes, null, nailsSim, null);
    add(nailsSim);
    return { created: true as const, ...counts };
  });
}

/**
 * The business's till, and the payments beside its staff's earns so far (the customer paid
 * without naming themselves: an unknown customer's order, listed as skipped), but for a few of
 * the staff member's. Set operations over the scans already there.
 */
async function connectTill(tx: Db, ownerId: number, shop: Shop, provider: "square" | "shopify", team: Team) {
  const [connection] = await tx
    .insert(posConnections)
    .values({ userId: ownerId, businessId: shop.id, provider, secret: randomBytes(32).toString("base64url") })
    .returning({ id: posConnections.id });
  const id = connection!.id;
  const epoch = sql`floor(extract(epoch from s.created_at))::bigint`;
  await tx.execute(sql`
    with paid as (
      insert into sales (user_id, business_id, connection_id, kind, order_id, card_id, amount, currency, occurred_at)
      select s.user_id, s.business_id, ${id}, 'sale', ${`${provider}:demo-counter-`} || s.id, null,
        coalesce(s.amount, 280 + ${epoch} % 1200), ${shop.currency},
        s.created_at + make_interval(mins => (${epoch} % 7)::int - 3)
      from scans s
      where s.business_id = ${shop.id} and s.kind = 'stamp' and s.staff_user_id is not null
        and not (s.staff_user_id = ${team.staffId} and ${team.staffId} <> ${ownerId} and ${epoch} % 17 = 0)
      returning order_id, occurred_at
    )
    insert into pos_skipped_orders (connection_id, order_id, reason, created_at)
    select ${id}, order_id, 'unknown-customer', occurred_at from paid`);
  return id;
}

/** A row as json_to_recordset reads it: a jsonb column takes its value as JSON (an array or object). */
type Row = Record<string, string | number | boolean | null | readonly object[]>;

/**
 * Rows into `table` in one statement: a JSON array read by json_to_recordset (each column with its
 * SQL type), so thousands of rows cost one round trip and no statement of thousands of parameters.
 */
async function insertRows<T extends Row>(
  tx: Db,
  table: string,
  types: Record<keyof T & string, string>,
  rows: T[],
  returning?: string,
) {
  if (rows.length === 0) return [];
  const names = Object.keys(types);
  const columns = sql.raw(names.join(", "));
  const definitions = sql.raw(names.map((n) => `${n} ${types[n as keyof T & string]}`).join(", "));
  const result = (await tx.execute(sql`
    insert into ${sql.identifier(table)} (${columns})
    select ${columns} from json_to_recordset(${JSON.stringify(rows)}::json) as r(${definitions})
    ${returning ? sql.raw(`returning ${returning}`) : sql``}`)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}

/** The simulated customers, cards, history, scans, sales, orders, refunds and vouchers of one business. */
async function writeShop(
  tx: Db,
  ownerId: number,
  shop: Shop,
  plan: ShopPlan,
  programmes: Programme[],
  till: number | null,
  sim: Simulated,
  welcome: { offerId: number | null; validDays: number; redeemedBy: number } | null,
) {
  const at = (t: number) => new Date(t).toISOString();
  const [reward] = await tx.select({ kind: rewards.kind }).from(rewards).where(eq(rewards.id, programmes[0]!.rewardId));
  const unit = reward!.kind;
  const owner = { user_id: ownerId, business_id: shop.id };
  const ownerTypes = { user_id: "int", business_id: "int" };

  const customerRows = await insertRows(
    tx,
    "customers",
    { user_id: "int", name: "text", email: "text", created_at: "timestamptz" },
    sim.cards.map((c) => ({ user_id: ownerId, name: c.name, email: c.email, created_at: at(c.joined) })),
    "id, email",
  );
  const customerOf = new Map(customerRows.map((r) => [r.email as string, r.id as number]));
  const serials = sim.cards.map((c) => controlSerial(c.control));
  const cardRows = await insertRows(
    tx,
    "cards",
    {
      ...ownerTypes,
      customer_id: "int",
      reward_id: "int",
      serial: "text",
      stamps: "int",
      lifetime_stamps: "int",
      lifetime_spend: "bigint",
      rewards_redeemed: "int",
      level: "text",
      last_self_stamp_at: "timestamptz",
      last_visit_at: "timestamptz",
      earned_at: "timestamptz",
      created_at: "timestamptz",
      updated_at: "timestamptz",
    },
    sim.cards.map((c, i) => ({
      ...owner,
      customer_id: customerOf.get(c.email)!,
      reward_id: programmes[c.programme]!.rewardId,
      serial: serials[i]!,
      stamps: c.balance,
      lifetime_stamps: c.lifetime,
      lifetime_spend: c.spend,
      rewards_redeemed: c.redeemed,
      level: c.level,
      last_self_stamp_at: c.lastSelf === null ? null : at(c.lastSelf),
      last_visit_at: at(c.lastVisit),
      earned_at: at(c.earnedAt),
      created_at: at(c.joined),
      updated_at: at(c.changes.at(-1)!.time),
    })),
    "id, serial",
  );
  const cardBySerial = new Map(cardRows.map((r) => [r.serial as string, r.id as number]));
  const cardIds = serials.map((serial) => cardBySerial.get(serial)!);

  const changes = sim.cards
    .flatMap((c, i) =>
      c.changes.map((change) => ({ change, cardId: cardIds[i]!, programme: programmes[c.programme]! })),
    )
    .sort((a, b) => a.change.time - b.change.time);
  const common = { ...ownerTypes, card_id: "int", actor: "text", pos_connection_id: "int", qr_code_id: "int" };
  await insertRows(
    tx,
    "scans",
    {
      ...common,
      address_id: "int",
      reward_id: "int",
      staff_user_id: "int",
      kind: "text",
      stamps_after: "int",
      amount: "bigint",
      created_at: "timestamptz",
    },
    changes
      .filter(({ change }) => change.visit)
      .map(({ change, cardId, programme }) => ({
        ...owner,
        card_id: cardId,
        actor: change.actor,
        pos_connection_id: change.till ? till : null,
        qr_code_id: change.self ? programme.qrId : null,
        address_id: change.self ? programme.addressId : null,
        reward_id: programme.rewardId,
        staff_user_id: change.staff,
        kind: change.kind,
        stamps_after: change.after,
        amount: change.amount,
        created_at: at(change.time),
      })),
  );
  // The history as the engine writes it (a pass's sale is its "topup" event): balances are their sums.
  await insertRows(
    tx,
    "card_events",
    {
      ...common,
      kind: "text",
      delta: "int",
      stamps_after: "int",
      unit: "text",
      amount: "bigint",
      reward_option_id: "int",
      reason: "text",
      reason_parts: "jsonb",
      actor_user_id: "int",
      created_at: "timestamptz",
    },
    changes.map(({ change, cardId, programme }) => ({
      ...owner,
      card_id: cardId,
      actor: change.actor,
      pos_connection_id: change.till ? till : null,
      qr_code_id: change.self ? programme.qrId : null,
      kind: change.kind,
      delta: change.delta,
      stamps_after: change.after,
      unit,
      amount: change.amount,
      reward_option_id: change.option,
      // The engine's English text beside its parts, which each reader puts in its own language.
      reason: change.parts ? reasonText(change.parts) : null,
      reason_parts: change.parts,
      actor_user_id: change.staff,
      created_at: at(change.time),
    })),
  );

  if (till !== null) {
    await insertRows(
      tx,
      "sales",
      {
        ...ownerTypes,
        connection_id: "int",
        kind: "text",
        order_id: "text",
        refund_id: "text",
        card_id: "int",
        amount: "bigint",
        currency: "text",
        occurred_at: "timestamptz",
      },
      sim.sales.map((s) => ({
        ...owner,
        connection_id: till,
        kind: s.kind,
        order_id: s.orderId,
        refund_id: s.refundId,
        card_id: s.card === null ? null : cardIds[s.card]!,
        amount: s.amount,
        currency: shop.currency,
        occurred_at: at(s.time),
      })),
    );
    await insertRows(
      tx,
      "pos_skipped_orders",
      { connection_id: "int", order_id: "text", reason: "text", created_at: "timestamptz" },
      sim.sales
        .filter((s) => s.card === null && s.kind === "sale")
        .map((s) => ({ connection_id: till, order_id: s.orderId, reason: "unknown-customer", created_at: at(s.time) })),
    );
    const earned = await insertRows(
      tx,
      "order_earns",
      {
        ...ownerTypes,
        order_id: "text",
        card_id: "int",
        source: "text",
        connection_id: "int",
        earned: "int",
        unit: "text",
        amount: "bigint",
        total: "bigint",
        visit_earned: "int",
        refunded: "int",
        refunded_amount: "bigint",
        refunded_at: "timestamptz",
        created_at: "timestamptz",
      },
      sim.orders.map((o) => ({
        ...owner,
        order_id: o.orderId,
        card_id: cardIds[o.card]!,
        source: plan.provider!,
        connection_id: till,
        earned: o.earned,
        unit,
        amount: o.amount,
        total: o.total,
        visit_earned: o.visitEarned,
        refunded: o.refund?.taken ?? 0,
        refunded_amount: o.refund?.amount ?? 0,
        refunded_at: o.refund ? at(o.refund.time) : null,
        created_at: at(o.time),
      })),
      "id, order_id",
    );
    const earnOf = new Map(earned.map((r) => [r.order_id as string, r.id as number]));
    await insertRows(
      tx,
      "order_refunds",
      { order_earn_id: "int", refund_id: "text", amount: "bigint", taken: "int", created_at: "timestamptz" },
      sim.orders.flatMap((o) =>
        o.refund
          ? [
              {
                order_earn_id: earnOf.get(o.orderId)!,
                refund_id: o.refund.refundId,
                amount: o.refund.amount,
                taken: o.refund.taken,
                created_at: at(o.refund.time),
              },
            ]
          : [],
      ),
    );
  }

  if (welcome?.offerId) {
    await insertRows(
      tx,
      "vouchers",
      {
        user_id: "int",
        offer_id: "int",
        card_id: "int",
        code: "text",
        code_hash: "text",
        issue_key: "text",
        expires_at: "timestamptz",
        redeemed_at: "timestamptz",
        redeemed_by: "int",
        created_at: "timestamptz",
      },
      sim.vouchers.map((v) => {
        const code = newVoucherCode();
        return {
          user_id: ownerId,
          offer_id: welcome.offerId,
          card_id: cardIds[v.card]!,
          code,
          code_hash: sha256(code),
          issue_key: "join",
          expires_at: at(v.issued + welcome.validDays * DAY),
          redeemed_at: v.redeemed === null ? null : at(v.redeemed + MINUTE),
          redeemed_by: v.redeemed === null ? null : welcome.redeemedBy,
          created_at: at(v.issued),
        };
      }),
    );
  }
}
