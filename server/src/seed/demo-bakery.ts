import { and, eq } from "drizzle-orm";
import { newQrToken } from "../modules/loyalty/engine/codes";
import { controlSerial, demoControl } from "./control-serial";
import type { Db } from "../db/client";
import {
  addresses,
  businesses,
  cardEvents,
  cards,
  categoryRules,
  customers,
  productCategories,
  qrCodes,
  rewardOptions,
  rewards,
  scans,
  users,
} from "../db/schema";
import { DEMO_CAFE, prng } from "./demo-cafe";

/**
 * "Demo Bakery": beside Demo Café's stamps, a points programme the demo owner can try:
 * 1 point per euro spent plus 5 per visit, a catalogue to spend them on, pastries that earn
 * double (a product category with the till's item ids and its rule), a QR code, and 30 days of
 * customers earning and redeeming, in the card history as the engine writes it (unit "points",
 * the purchase amount, the option bought). Deterministic like the café (a seeded PRNG, relative to
 * the day it is seeded); secrets (serials, QR token) random as always.
 */
export const DEMO_BAKERY = {
  name: "Demo Bakery",
  currency: "EUR",
  customers: 40,
  days: 30,
  pointsPerVisit: 5,
  pointsPerUnit: "1",
  options: [
    { title: "Croissant", points: 50 },
    { title: "Coffee and a pastry", points: 120 },
    { title: "Free lunch", points: 400 },
  ],
  /** Levels by lifetime points: each earns its multiplier (hundredths) from the earn that reaches it. */
  levels: [
    { name: "Silver", from: 200, multiplier: 125, bonus: null },
    { name: "Gold", from: 500, multiplier: 150, bonus: null },
  ],
  /** A category of the till's pastries (Shopify SKUs, a Square catalog item id) that earns double points. */
  pastries: {
    name: "Pastries",
    itemIds: ["CROISSANT-01", "PAIN-CHOC-01", "ECLAIR-01", "SQ-CAT-7Q4XKZ2M"],
    multiplier: "2",
  },
} as const;

/** The demo level `earned` points reach (as the engine's levels.ts `levelAt`), or null. */
const demoLevel = (earned: number) => [...DEMO_BAKERY.levels].reverse().find((l) => l.from <= earned) ?? null;

const FIRST = ["Camille", "Louis", "Chloé", "Jules", "Manon", "Hugo", "Inès", "Léo", "Sarah", "Adam", "Lina", "Nathan"];
const LAST = ["Martin", "Bernard", "Dubois", "Durand", "Lefebvre", "Moreau", "Laurent", "Garnier", "Roux", "Fournier"];

const MINUTE = 60_000;
const DAY = 86_400_000;

type Visit = {
  time: number;
  kind: "join" | "stamp" | "redeem";
  delta: number;
  balance: number;
  /** Minor units (cents): staff scans ask for the purchase. */
  amount: number | null;
  option: number | null;
  bySelf: boolean;
};

/**
 * Seeds Demo Bakery for the demo owner, once: only while the owner's businesses are the demo's own
 * (an owner who added a business of theirs is left alone), and not twice.
 */
export async function seedDemoBakery(db: Db, ownerId: number, now = new Date()) {
  const owned = await db
    .select({ name: businesses.businessName })
    .from(businesses)
    .where(eq(businesses.userId, ownerId));
  if (owned.some((b) => b.name !== DEMO_CAFE.name)) return { created: false as const };

  const today = Math.floor(now.getTime() / DAY) * DAY;
  const at = (time: number) => new Date(Math.min(time, now.getTime() - MINUTE));
  const [staff] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, DEMO_CAFE.staff.email), eq(users.ownerId, ownerId)))
    .limit(1);
  const staffId = staff?.id ?? ownerId;

  return db.transaction(async (tx) => {
    const bakery = await insertBakery(tx, ownerId);
    const simulated = simulateCustomers(bakery, now, today, at);
    const scanCount = await insertCustomers(tx, ownerId, bakery, simulated, staffId, at);
    return { created: true as const, businessId: bakery.businessId, customers: simulated.length, scans: scanCount };
  });
}

type Bakery = {
  businessId: number;
  shopId: number;
  rewardId: number;
  qrId: number;
  options: { id: number; points: number }[];
};

/** The bakery: its business, its shop, the points programme with its options, and the till's QR code. */
async function insertBakery(tx: Db, ownerId: number): Promise<Bakery> {
  const place = {
    businessCategory: "Bakery",
    address: "12 Rue des Martyrs",
    state: "Île-de-France",
    city: "Paris",
    zipCode: "75009",
    countryName: "France",
  };
  const [business] = await tx
    .insert(businesses)
    .values({
      userId: ownerId,
      businessName: DEMO_BAKERY.name,
      currency: DEMO_BAKERY.currency,
      timeZone: "Europe/Paris",
      ...place,
    })
    .returning({ id: businesses.id });
  const businessId = business!.id;
  const [shop] = await tx
    .insert(addresses)
    .values({ userId: ownerId, businessId, latitude: 48.8789, longitude: 2.3397, ...place })
    .returning({ id: addresses.id });
  const [reward] = await tx
    .insert(rewards)
    .values({
      userId: ownerId,
      businessId,
      title: "Bakery points",
      description: "1 point per euro, plus 5 points a visit. Spend them on a treat.",
      kind: "points",
      stampsRequired: 0,
      pointsPerVisit: DEMO_BAKERY.pointsPerVisit,
      pointsPerUnit: DEMO_BAKERY.pointsPerUnit,
      expireAfterDays: 365,
      cooldownMinutes: 60,
      levels: DEMO_BAKERY.levels.map((l) => ({ ...l })),
      levelBasis: "points",
      levelPeriod: "lifetime",
    })
    .returning({ id: rewards.id });
  const rewardId = reward!.id;
  const options = await tx
    .insert(rewardOptions)
    .values(DEMO_BAKERY.options.map((o) => ({ userId: ownerId, businessId, rewardId, ...o })))
    .returning({ id: rewardOptions.id, points: rewardOptions.points });
  const [qr] = await tx
    .insert(qrCodes)
    .values({ userId: ownerId, businessId, addressId: shop!.id, rewardId, label: "Till", qrToken: newQrToken() })
    .returning({ id: qrCodes.id });
  const { pastries } = DEMO_BAKERY;
  const [category] = await tx
    .insert(productCategories)
    .values({ userId: ownerId, businessId, name: pastries.name, itemIds: [...pastries.itemIds] })
    .returning({ id: productCategories.id });
  await tx
    .insert(categoryRules)
    .values({ userId: ownerId, productCategoryId: category!.id, rewardId, multiplier: pastries.multiplier });
  return { businessId, shopId: shop!.id, rewardId, qrId: qr!.id, options };
}

/** Customers and their visits, day by day as the till would record them, from the seeded PRNG. */
function simulateCustomers({ rewardId, options }: Bakery, now: Date, today: number, at: (time: number) => Date) {
  const random = prng(20_261_126);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  return Array.from({ length: DEMO_BAKERY.customers }, (_, i) => {
    const name = `${pick(FIRST)} ${pick(LAST)}`;
    const email = `${name
      .toLowerCase()
      .normalize("NFD")
      .replace(/[^a-z ]/g, "")
      .replace(" ", ".")}.${i + 1}@example.com`;
    const joined = Math.min(
      today - Math.floor(random() * DEMO_BAKERY.days) * DAY + (7 * 60 + Math.floor(random() * 10 * 60)) * MINUTE,
      now.getTime() - 60 * MINUTE,
    );
    const every = 1 + random() * 5;
    let balance: number = DEMO_BAKERY.pointsPerVisit;
    let earned = balance;
    let spend = 0;
    let redeemed = 0;
    let lastSelf: number | null = joined;
    const visits: Visit[] = [
      { time: joined, kind: "join", delta: balance, balance, amount: null, option: null, bySelf: true },
    ];
    for (let t = joined + every * DAY * (0.5 + random()); t < now.getTime(); t += every * DAY * (0.6 + random())) {
      const opening = Math.floor(t / DAY) * DAY + (7 * 60 + Math.floor(random() * 10 * 60)) * MINUTE;
      const time = Math.max(opening, visits.at(-1)!.time + 30 * MINUTE);
      if (time >= now.getTime() - MINUTE) break;
      const bySelf = random() < 0.25;
      // At the till, a customer with enough points sometimes spends them (the dearest they afford).
      const affordable = options.filter((o) => o.points <= balance);
      if (!bySelf && affordable.length > 0 && random() < 0.35) {
        const option = affordable.at(-1)!;
        balance -= option.points;
        redeemed++;
        visits.push({
          time,
          kind: "redeem",
          delta: -option.points,
          balance,
          amount: null,
          option: option.id,
          bySelf,
        });
        continue;
      }
      // Staff scans take the purchase (2.50 to 18.00 EUR); self-scans earn the visit's points only.
      const amount = bySelf ? null : 250 + Math.floor(random() * 1_551);
      const base =
        DEMO_BAKERY.pointsPerVisit +
        (amount === null ? 0 : Math.floor((amount * Number(DEMO_BAKERY.pointsPerUnit)) / 100));
      // The level this earn reaches earns at its rate already, as the engine decides.
      const level = demoLevel(earned + base);
      const delta = level ? Math.floor((base * level.multiplier) / 100) : base;
      balance += delta;
      earned += delta;
      spend += amount ?? 0;
      if (bySelf) lastSelf = time;
      visits.push({ time, kind: "stamp", delta, balance, amount, option: null, bySelf });
    }
    const last = visits.at(-1)!.time;
    return {
      customer: { name, email, createdAt: at(joined) },
      card: {
        rewardId,
        serial: controlSerial(demoControl(i)),
        stamps: balance,
        lifetimeStamps: earned,
        lifetimeSpend: spend,
        rewardsRedeemed: redeemed,
        level: demoLevel(earned)?.name ?? null,
        lastSelfStampAt: lastSelf === null ? null : at(lastSelf),
        lastVisitAt: at(last),
        earnedAt: at(last),
        createdAt: at(joined),
        updatedAt: at(last),
      },
      visits,
    };
  });
}

/** The customers, their cards, and each visit as a scan and a card event, in time order. */
async function insertCustomers(
  tx: Db,
  ownerId: number,
  { businessId, shopId, rewardId, qrId }: Bakery,
  simulated: ReturnType<typeof simulateCustomers>,
  staffId: number,
  at: (time: number) => Date,
): Promise<number> {
  const customerIds = await tx
    .insert(customers)
    .values(simulated.map((s) => ({ ...s.customer, userId: ownerId })))
    .returning({ id: customers.id });
  const cardIds = await tx
    .insert(cards)
    .values(simulated.map((s, i) => ({ ...s.card, userId: ownerId, businessId, customerId: customerIds[i]!.id })))
    .returning({ id: cards.id });
  const visits = simulated
    .flatMap((s, i) => s.visits.map((v) => ({ v, cardId: cardIds[i]!.id })))
    .sort((a, b) => a.v.time - b.v.time);
  const common = (v: Visit, cardId: number) => ({
    userId: ownerId,
    businessId,
    cardId,
    qrCodeId: v.bySelf ? qrId : null,
    amount: v.amount,
    createdAt: at(v.time),
  });
  await tx.insert(scans).values(
    visits.map(({ v, cardId }) => ({
      ...common(v, cardId),
      addressId: v.bySelf ? shopId : null,
      rewardId,
      staffUserId: v.bySelf ? null : staffId,
      kind: v.kind,
      stampsAfter: v.balance,
    })),
  );
  await tx.insert(cardEvents).values(
    visits.map(({ v, cardId }) => ({
      ...common(v, cardId),
      kind: v.kind,
      delta: v.delta,
      stampsAfter: v.balance,
      unit: "points" as const,
      rewardOptionId: v.option,
      actorUserId: v.bySelf ? null : staffId,
    })),
  );
  return visits.length;
}
