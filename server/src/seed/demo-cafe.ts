import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { newQrToken } from "../modules/loyalty/engine/codes";
import { controlSerial, demoControl } from "./control-serial";
import { rewardReady } from "../modules/loyalty/rewards/reward-ready";
import { newCounterSecret } from "../modules/loyalty/cards/counter-code";
import { hashSecret, sha256 } from "../crypto";
import type { Db } from "../db/client";
import {
  addresses,
  businesses,
  businessMessages,
  cardEvents,
  cards,
  customers,
  files,
  messageRecipients,
  notifications,
  offers,
  qrCodes,
  promotions,
  rewards,
  scans,
  staffInvites,
  users,
} from "../db/schema";

/**
 * "Demo Café": on the embedded database the demo owner's first sign-in shows
 * a programme that lives: a logo, two rewards, two QR codes (the counter's one rotating, so its
 * counter screen works), a staff member, 200 customers and 60 days of stamps, redeems and
 * messages. Generated once, at seed time, from a seeded PRNG: the same café, customers and figures
 * on every machine (relative to the day it is seeded). Secrets (QR tokens, card serials, the
 * rotating code's key, the staff password hash) are random as always: a seed must not make them
 * guessable.
 */
export const DEMO_CAFE = {
  name: "Demo Café",
  customers: 200,
  days: 60,
  staff: { name: "Sam Barista", email: "demo-staff@example.com", password: "demo-password" },
} as const;

/** mulberry32: a small, fast, seeded PRNG (uniform in [0, 1)). */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = [
  "Olivia",
  "Liam",
  "Emma",
  "Noah",
  "Amelia",
  "Oliver",
  "Ava",
  "Elijah",
  "Sophia",
  "Lucas",
  "Mia",
  "Mateo",
  "Isla",
  "Leo",
  "Freya",
  "Arthur",
  "Grace",
  "Hugo",
  "Chloe",
  "Ravi",
  "Aisha",
  "Kenji",
  "Lena",
  "Tomás",
  "Zara",
  "Jonas",
  "Priya",
  "Yusuf",
  "Nora",
  "Felix",
];
const LAST = [
  "Smith",
  "Jones",
  "Patel",
  "Williams",
  "Brown",
  "Taylor",
  "Davies",
  "Evans",
  "Wilson",
  "Khan",
  "Murphy",
  "Garcia",
  "Novak",
  "Kim",
  "Rossi",
  "Okafor",
  "Schmidt",
  "Silva",
  "Dubois",
  "Nakamura",
];

const MINUTE = 60_000;
const DAY = 86_400_000;

const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <rect width="256" height="256" rx="48" fill="#7c4a2d"/>
  <circle cx="128" cy="128" r="92" fill="#f6e7d8"/>
  <path d="M78 112h88v30a44 44 0 0 1-44 44h0a44 44 0 0 1-44-44z" fill="#7c4a2d"/>
  <path d="M166 122h10a16 16 0 0 1 0 32h-12" fill="none" stroke="#7c4a2d" stroke-width="10"/>
  <path d="M104 72c-8 10 8 16 0 28M124 66c-8 12 8 18 0 32M144 72c-8 10 8 16 0 28" fill="none" stroke="#c08552" stroke-width="7" stroke-linecap="round"/>
</svg>`;

type Programme = { rewardId: number; title: string; qrId: number; addressId: number; stampsRequired: number };
type ScanRow = typeof scans.$inferInsert;

/** Rows in chunks: one statement per chunk, few round trips, no parameter limit reached. */
async function insertChunks<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** The day the café is seeded for: `at` keeps every time before now, `today` is midnight UTC. */
type Clock = { now: Date; today: number; at: (time: number) => Date };

/** A step of the café's seed: in the seed's transaction, for the demo owner and the café. */
type Step = { tx: Db; ownerId: number; businessId: number; clock: Clock };

/** The customers and their visits, simulated day by day as the counter would record them. */
type Simulated = {
  customer: Omit<typeof customers.$inferInsert, "userId">;
  card: Omit<typeof cards.$inferInsert, "customerId" | "userId" | "businessId">;
  visits: { time: number; kind: "join" | "stamp" | "redeem"; stampsAfter: number; bySelf: boolean }[];
  programme: Programme;
};

/** Seeds Demo Café for the demo owner, once: a no-op when the owner has any business already. */
export async function seedDemoCafe(db: Db, ownerId: number, now = new Date()) {
  const [existing] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.userId, ownerId))
    .limit(1);
  if (existing) return { created: false as const };

  // Today at midnight UTC: the same day seeds the same café to the minute.
  const today = Math.floor(now.getTime() / DAY) * DAY;
  const clock: Clock = { now, today, at: (time) => new Date(Math.min(time, now.getTime() - MINUTE)) };

  const logo = await sharp(Buffer.from(LOGO_SVG)).webp({ quality: 90 }).toBuffer({ resolveWithObject: true });
  const staffHash = await hashSecret(DEMO_CAFE.staff.password);

  return db.transaction(async (tx) => {
    const { businessId, programmes } = await insertCafe(tx, ownerId, logo);
    const step: Step = { tx, ownerId, businessId, clock };
    const staffId = await insertStaff(step, staffHash);
    const simulated = simulateCustomers(programmes, clock);
    const { customerIds, cardIds, scanCount } = await insertCustomers(step, simulated, staffId);
    await insertMessages(step, simulated, cardIds);
    await insertFeed(step, simulated, customerIds, cardIds);
    await insertWelcomeOffer(step);
    return { created: true as const, businessId, customers: simulated.length, scans: scanCount };
  });
}

/** The café: its logo, business, two addresses, two rewards and their QR codes (the programmes). */
async function insertCafe(tx: Db, ownerId: number, logo: { data: Buffer; info: { width: number; height: number } }) {
  const [file] = await tx
    .insert(files)
    .values({
      userId: ownerId,
      contentType: "image/webp",
      bytes: logo.data,
      sha256: createHash("sha256").update(logo.data).digest("hex"),
      size: logo.data.byteLength,
      width: logo.info.width,
      height: logo.info.height,
    })
    .returning({ id: files.id });
  const place = {
    businessCategory: "Café and Coffee Shop",
    state: "Greater London",
    city: "London",
    zipCode: "EC2A 3AY",
    countryName: "United Kingdom",
  };
  const [business] = await tx
    .insert(businesses)
    .values({
      userId: ownerId,
      businessName: DEMO_CAFE.name,
      logoFileId: file!.id,
      currency: "GBP",
      address: "1 Curtain Road",
      ...place,
    })
    .returning({ id: businesses.id });
  const businessId = business!.id;
  const [counter, terrace] = await tx
    .insert(addresses)
    .values([
      { userId: ownerId, businessId, address: "1 Curtain Road", latitude: 51.5226, longitude: -0.0797, ...place },
      {
        userId: ownerId,
        businessId,
        address: "48 Shoreditch High Street",
        latitude: 51.5245,
        longitude: -0.0779,
        ...place,
      },
    ])
    .returning({ id: addresses.id });
  const [coffee, pastry] = await tx
    .insert(rewards)
    .values([
      {
        userId: ownerId,
        businessId,
        title: "Free coffee",
        description: "Any coffee, any size, on the house.",
        stampsRequired: 8,
        cooldownMinutes: 60,
      },
      {
        userId: ownerId,
        businessId,
        title: "Pastry of your choice",
        description: "A croissant, a cinnamon bun or a slice of cake.",
        stampsRequired: 5,
        cooldownMinutes: 120,
      },
    ])
    .returning({ id: rewards.id, title: rewards.title, stampsRequired: rewards.stampsRequired });
  // Tuesday's quiet afternoon: a happy hour of one extra stamp on the coffee card (a stamp programme adds, never multiplies).
  await tx.insert(promotions).values({
    userId: ownerId,
    businessId,
    rewardId: coffee!.id,
    bonus: 1,
    weekdays: [2],
    startTime: "16:00",
    endTime: "18:00",
  });
  const [counterQr, terraceQr] = await tx
    .insert(qrCodes)
    .values([
      {
        userId: ownerId,
        businessId,
        addressId: counter!.id,
        rewardId: coffee!.id,
        label: "Counter",
        qrToken: newQrToken(),
        // Rotating: its counter screen shows a code that changes every 30 s. The key is
        // made as qr-update makes it, random like every secret of the seed.
        mode: "rotating" as const,
        counterSecret: newCounterSecret(),
      },
      {
        userId: ownerId,
        businessId,
        addressId: terrace!.id,
        rewardId: pastry!.id,
        label: "Terrace",
        qrToken: newQrToken(),
      },
    ])
    .returning({ id: qrCodes.id });
  const programmes: Programme[] = [
    {
      rewardId: coffee!.id,
      title: coffee!.title,
      qrId: counterQr!.id,
      addressId: counter!.id,
      stampsRequired: coffee!.stampsRequired,
    },
    {
      rewardId: pastry!.id,
      title: pastry!.title,
      qrId: terraceQr!.id,
      addressId: terrace!.id,
      stampsRequired: pastry!.stampsRequired,
    },
  ];
  return { businessId, programmes };
}

/** A welcome voucher for every new card: the demo shows offers at work from the first join. */
async function insertWelcomeOffer({ tx, ownerId, businessId }: Step) {
  await tx.insert(offers).values({
    userId: ownerId,
    businessId,
    title: "Free pastry with your first coffee",
    kind: "free_item",
    trigger: "join",
    validDays: 30,
  });
}

/** The staff member (with the accepted invite that made them); the owner stands in when the email is taken. */
async function insertStaff({ tx, ownerId, clock: { at, today } }: Step, staffHash: string): Promise<number> {
  const [staff] = await tx
    .insert(users)
    .values({
      name: DEMO_CAFE.staff.name,
      email: DEMO_CAFE.staff.email,
      passwordHash: staffHash,
      role: "staff",
      ownerId,
      emailVerifiedAt: at(today - 55 * DAY),
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (staff) {
    await tx.insert(staffInvites).values({
      ownerId,
      name: DEMO_CAFE.staff.name,
      email: DEMO_CAFE.staff.email,
      tokenHash: sha256(randomBytes(32).toString("base64url")),
      expiresAt: at(today - 50 * DAY),
      acceptedAt: at(today - 55 * DAY),
      staffUserId: staff.id,
      createdAt: at(today - 56 * DAY),
    });
  }
  return staff?.id ?? ownerId;
}

/** Every customer's card and visits, from the seeded PRNG: the same on every machine. */
function simulateCustomers(programmes: Programme[], { now, today, at }: Clock): Simulated[] {
  const random = prng(20_261_125);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const simulated: Simulated[] = [];
  const usedEmails = new Set<string>();
  for (let i = 0; i < DEMO_CAFE.customers; i++) {
    const first = pick(FIRST);
    const last = pick(LAST);
    let email =
      `${first}.${last}`
        .toLowerCase()
        .normalize("NFD")
        .replace(/[^a-z.]/g, "") + "@example.com";
    for (let n = 2; usedEmails.has(email); n++) email = email.replace(/(\d*)@/, `${n}@`);
    usedEmails.add(email);
    const birthday =
      random() < 0.6
        ? `${1960 + Math.floor(random() * 45)}-${String(1 + Math.floor(random() * 12)).padStart(2, "0")}-${String(1 + Math.floor(random() * 28)).padStart(2, "0")}`
        : null;
    const phone = random() < 0.5 ? `+44 7700 9${String(Math.floor(random() * 100_000)).padStart(5, "0")}` : null;
    const programme = random() < 0.7 ? programmes[0]! : programmes[1]!;
    // Newer customers are more frequent (word of mouth); a few regulars come every other day.
    const joinDay = Math.floor(Math.pow(random(), 0.8) * DEMO_CAFE.days);
    const every = random() < 0.2 ? 1 + random() * 2 : 3 + random() * 10;
    const churnsAfter = random() < 0.25 ? Math.floor(random() * 30) : Infinity;
    const joined = Math.min(
      today - joinDay * DAY + (7 * 60 + Math.floor(random() * 11 * 60)) * MINUTE,
      now.getTime() - 60 * MINUTE,
    );
    const visits: Simulated["visits"] = [{ time: joined, kind: "join", stampsAfter: 1, bySelf: true }];
    let stamps = 1;
    let lifetime = 1;
    let redeemed = 0;
    let lastSelf: number | null = joined;
    for (
      let t = joined + every * DAY * (0.5 + random());
      t < now.getTime();
      t += every * DAY * (0.6 + random() * 0.8)
    ) {
      if ((t - joined) / DAY > churnsAfter) break;
      // Opening hours of the day, always after the previous visit (two visits may share a day).
      const opening = Math.floor(t / DAY) * DAY + (7 * 60 + Math.floor(random() * 11 * 60)) * MINUTE;
      const time = Math.max(opening, visits.at(-1)!.time + 30 * MINUTE);
      if (time >= now.getTime() - MINUTE) break;
      const bySelf = random() < 0.35;
      if (!bySelf && rewardReady(stamps, programme.stampsRequired)) {
        stamps -= programme.stampsRequired;
        redeemed++;
        visits.push({ time, kind: "redeem", stampsAfter: stamps, bySelf });
      } else {
        stamps++;
        lifetime++;
        if (bySelf) lastSelf = time;
        visits.push({ time, kind: "stamp", stampsAfter: stamps, bySelf });
      }
    }
    const lastVisit = visits.at(-1)!.time;
    simulated.push({
      customer: {
        name: `${first} ${last}`,
        email,
        phone,
        birthday,
        createdAt: at(joined),
      },
      card: {
        rewardId: programme.rewardId,
        serial: controlSerial(demoControl(i)),
        stamps,
        lifetimeStamps: lifetime,
        rewardsRedeemed: redeemed,
        lastSelfStampAt: lastSelf === null ? null : at(lastSelf),
        lastVisitAt: at(lastVisit),
        earnedAt: at(lastVisit),
        createdAt: at(joined),
        updatedAt: at(lastVisit),
      },
      visits,
      programme,
    });
  }
  return simulated;
}

/** The customers, their cards and their scans, in time order. */
async function insertCustomers(
  { tx, ownerId, businessId, clock: { at } }: Step,
  simulated: Simulated[],
  staffId: number,
) {
  const customerIds = await tx
    .insert(customers)
    .values(simulated.map((s) => ({ ...s.customer, userId: ownerId })))
    .returning({ id: customers.id });
  const cardIds = await tx
    .insert(cards)
    .values(simulated.map((s, i) => ({ ...s.card, userId: ownerId, businessId, customerId: customerIds[i]!.id })))
    .returning({ id: cards.id });

  const scanRows: ScanRow[] = simulated.flatMap((s, i) =>
    s.visits.map((v) => ({
      userId: ownerId,
      businessId,
      cardId: cardIds[i]!.id,
      addressId: v.bySelf ? s.programme.addressId : null,
      qrCodeId: v.bySelf ? s.programme.qrId : null,
      rewardId: s.programme.rewardId,
      staffUserId: v.bySelf ? null : v.time % 3 === 0 ? ownerId : staffId,
      actor: v.bySelf
        ? ("customer" as const)
        : v.time % 3 === 0 || staffId === ownerId
          ? ("owner" as const)
          : ("staff" as const),
      kind: v.kind,
      stampsAfter: v.stampsAfter,
      createdAt: at(v.time),
    })),
  );
  scanRows.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
  await insertChunks(scanRows, 500, (chunk) => tx.insert(scans).values(chunk));
  // The card's history as the engine writes it beside each scan: its balance is the sum of these.
  const eventRows = scanRows.map((scan) => ({
    userId: ownerId,
    businessId,
    cardId: scan.cardId!,
    kind: scan.kind,
    delta: 0,
    stampsAfter: scan.stampsAfter,
    unit: "stamps" as const,
    actor: scan.actor,
    actorUserId: scan.staffUserId,
    qrCodeId: scan.qrCodeId,
    createdAt: scan.createdAt,
  }));
  const before = new Map<number, number>();
  for (const event of eventRows) {
    event.delta = event.stampsAfter - (before.get(event.cardId) ?? 0);
    before.set(event.cardId, event.stampsAfter);
  }
  await insertChunks(eventRows, 500, (chunk) => tx.insert(cardEvents).values(chunk));
  return { customerIds, cardIds, scanCount: scanRows.length };
}

/** Messages: two to everyone, one win-back to those who had not visited for two weeks then. */
async function insertMessages(
  { tx, ownerId, businessId, clock: { at, today } }: Step,
  simulated: Simulated[],
  cardIds: { id: number }[],
) {
  const messages = [
    {
      daysAgo: 45,
      title: "Autumn blend is here",
      message: "Our new house blend has landed: first cup on us with a full card.",
    },
    {
      daysAgo: 20,
      title: "We miss you!",
      message: "It has been a while. Come by this week for a double stamp.",
      winBack: 14,
    },
    {
      daysAgo: 3,
      title: "Double stamps this weekend",
      message: "Saturday and Sunday, every coffee earns two stamps.",
    },
  ];
  for (const m of messages) {
    const sentAt = today - m.daysAgo * DAY + 9 * 60 * MINUTE;
    const [row] = await tx
      .insert(businessMessages)
      .values({
        userId: ownerId,
        businessId,
        title: m.title,
        message: m.message,
        segment: m.winBack ? "inactive" : "all",
        segmentDays: m.winBack ?? null,
        createdAt: at(sentAt),
      })
      .returning({ id: businessMessages.id });
    if (m.winBack) {
      const reached = simulated.flatMap((s, i) => {
        const before = s.visits.filter((v) => v.time < sentAt).at(-1);
        return before && sentAt - before.time > m.winBack * DAY ? [{ messageId: row!.id, cardId: cardIds[i]!.id }] : [];
      });
      if (reached.length > 0) await tx.insert(messageRecipients).values(reached);
    }
  }
}

/**
 * The feed: the latest joins and redeems, as the owner would have been told. Entries point at the
 * card and customer; their sentences are made when read.
 */
async function insertFeed(
  { tx, ownerId, businessId, clock: { at, today } }: Step,
  simulated: Simulated[],
  customerIds: { id: number }[],
  cardIds: { id: number }[],
) {
  const recent = simulated
    .flatMap((s, i) => s.visits.filter((v) => v.kind !== "stamp").map((v) => ({ s, v, i })))
    .sort((a, b) => b.v.time - a.v.time)
    .slice(0, 12)
    .reverse();
  await tx.insert(notifications).values(
    recent.map(({ s, v, i }) => ({
      userId: ownerId,
      kind: v.kind === "join" ? "card_joined" : "reward_redeemed",
      title: v.kind === "join" ? "New card" : "Reward redeemed",
      businessId,
      cardId: cardIds[i]!.id,
      customerId: customerIds[i]!.id,
      details: v.kind === "join" ? {} : { reward: s.programme.title },
      readAt: v.time < today - DAY ? at(v.time + DAY) : null,
      createdAt: at(v.time),
    })),
  );
}
