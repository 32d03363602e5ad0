import { and, count, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { addAddressBody } from "../../../../contract/address";
import type { addBusinessBody, Business } from "../../../../contract/business";
import type { Address } from "../../../../contract/address";
import { fileUrl } from "../../../../contract/files";
import { hundredthsText, toHundredths } from "../../../../contract/money";
import type { PageQuery, Paginated } from "../../../../contract/pagination";
import type { Db } from "../../db/client";
import { addresses, businesses } from "../../db/schema";
import { invalid, notFound } from "../../http/errors";
import { paginate } from "../../http/paginate";
import { processImage } from "../../services/images";
import type { Limit } from "../../services/rate-limit";
import { deleteFile, storeImage } from "../files/service";
import { addWithSlot } from "../payments/slots";
import { checkCurrencyChange, currencyOfCountry } from "./currency";
import { checkPlace } from "./reference";

/**
 * Each logo is decoded and re-encoded (costly): an owner changes theirs now and then, not in a
 * loop. Counted per owner, on uploads only (edits without a new logo are free).
 */
export const logoLimit: Limit = { max: 20, windowSeconds: 60 * 60 };

type BusinessInput = z.output<typeof addBusinessBody>;
type AddressInput = z.output<typeof addAddressBody>;

const businessNotFound = () => notFound("business.notFound");
const addressNotFound = () => notFound("address.notFound");

const businessColumns = {
  id: businesses.id,
  business_name: businesses.businessName,
  logoFileId: businesses.logoFileId,
  business_category: businesses.businessCategory,
  address: businesses.address,
  state: businesses.state,
  city: businesses.city,
  zip_code: businesses.zipCode,
  country_name: businesses.countryName,
  time_zone: businesses.timeZone,
  currency: businesses.currency,
  fraud_threshold: businesses.fraudThreshold,
  maxPurchaseAmount: businesses.maxPurchaseAmount,
  // Written out qualified: Drizzle renders columns unqualified in a select, which inside this
  // subquery would compare addresses.business_id with addresses.id.
  addresses_count: sql<number>`(select count(*)::int from "addresses" where "addresses"."business_id" = "businesses"."id")`,
  createdAt: businesses.createdAt,
};
const selectBusinesses = (db: Db) => db.select(businessColumns).from(businesses);
type BusinessRow = Awaited<ReturnType<ReturnType<typeof selectBusinesses>["execute"]>>[number];

function toBusiness({ logoFileId, createdAt, maxPurchaseAmount, ...row }: BusinessRow): Business {
  return {
    ...row,
    max_purchase_amount: hundredthsText(toHundredths(maxPurchaseAmount)!),
    addresses_count: Number(row.addresses_count),
    business_logo: logoFileId ? fileUrl(logoFileId) : null,
    created_at: createdAt.toISOString(),
  };
}

/** The purchase limit when the form gives one (none: a new business's default, an edit's own). */
const maxPurchase = (body: BusinessInput) =>
  body.max_purchase_amount === undefined ? {} : { maxPurchaseAmount: hundredthsText(body.max_purchase_amount) };

const placeValues = (body: Omit<BusinessInput | AddressInput, "id">) => ({
  businessCategory: body.business_category,
  address: body.address,
  state: body.state,
  city: body.city,
  zipCode: body.zip_code,
  countryName: body.country_name,
});

export async function listBusinesses(db: Db, ownerId: number, query: PageQuery): Promise<Paginated<Business>> {
  const mine = eq(businesses.userId, ownerId);
  return paginate(
    query,
    async () => (await db.select({ n: count() }).from(businesses).where(mine))[0]!.n,
    async (limit, offset) =>
      (await selectBusinesses(db).where(mine).orderBy(desc(businesses.id)).limit(limit).offset(offset)).map(toBusiness),
  );
}

export async function findBusiness(db: Db, ownerId: number, id: number): Promise<Business> {
  const [row] = await selectBusinesses(db)
    .where(and(eq(businesses.id, id), eq(businesses.userId, ownerId)))
    .limit(1);
  if (!row) throw businessNotFound();
  return toBusiness(row);
}

/**
 * Adds a business. The one place a new business is created: it takes a place in the plan's
 * allowance or uses an extra-slot fee, in the same transaction as the insert.
 */
/**
 * The database must know the zone too (its tz data may be older than this runtime's): a name it
 * refused would fail every dashboard of the owner later, so it is refused here (422).
 */
async function checkTimeZone(db: Db, name: string | undefined) {
  if (!name || name === "UTC") return;
  const result = (await db.execute(sql`select 1 as ok from pg_timezone_names where name = ${name}`)) as unknown as {
    rows: unknown[];
  };
  const known = result.rows.length > 0;
  if (!known) throw invalid("time_zone", "business.badTimeZone");
}

export async function addBusiness(db: Db, ownerId: number, body: BusinessInput): Promise<Business> {
  const place = await checkPlace(db, body);
  await checkTimeZone(db, body.time_zone);
  const currency = body.currency ?? (await currencyOfCountry(db, place.country_name));
  const logo = body.business_logo && (await processLogo(body.business_logo));
  const id = await addWithSlot(db, ownerId, "business", async (tx) => {
    const logoFileId = logo ? await storeImage(tx, ownerId, logo) : null;
    const [row] = await tx
      .insert(businesses)
      .values({
        userId: ownerId,
        businessName: body.business_name,
        logoFileId,
        fraudThreshold: body.fraud_threshold,
        currency,
        ...maxPurchase(body),
        ...placeValues(place),
        ...(body.time_zone ? { timeZone: body.time_zone } : {}),
      })
      .returning({ id: businesses.id });
    return row!.id;
  });
  return findBusiness(db, ownerId, id);
}

/**
 * Edits one of the owner's businesses; a new logo replaces (and deletes) the old one. Without a
 * currency it keeps its own (a business without one takes its country's).
 */
export async function updateBusiness(db: Db, ownerId: number, id: number, body: BusinessInput): Promise<Business> {
  const place = await checkPlace(db, body);
  await checkTimeZone(db, body.time_zone);
  const logo = body.business_logo && (await processLogo(body.business_logo));
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ logoFileId: businesses.logoFileId, currency: businesses.currency })
      .from(businesses)
      .where(and(eq(businesses.id, id), eq(businesses.userId, ownerId)))
      .for("update");
    if (!current) throw businessNotFound();
    const currency = body.currency ?? current.currency ?? (await currencyOfCountry(tx, place.country_name));
    await checkCurrencyChange(tx, id, current.currency, currency);
    const logoFileId = logo ? await storeImage(tx, ownerId, logo) : current.logoFileId;
    await tx
      .update(businesses)
      .set({
        businessName: body.business_name,
        logoFileId,
        fraudThreshold: body.fraud_threshold,
        currency,
        ...maxPurchase(body),
        ...placeValues(place),
        // Past scans stay counted on the days they had; new ones count in the new zone.
        ...(body.time_zone ? { timeZone: body.time_zone } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(businesses.id, id));
    if (logo && current.logoFileId) await deleteFile(tx, ownerId, current.logoFileId);
  });
  return findBusiness(db, ownerId, id);
}

/** Deletes a business with its locations (cascade), its logo and its card's strip images. */
export async function deleteBusiness(db: Db, ownerId: number, id: number) {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(businesses)
      .where(and(eq(businesses.id, id), eq(businesses.userId, ownerId)))
      .returning({
        logoFileId: businesses.logoFileId,
        stripFileId: businesses.stripFileId,
        heroFileId: businesses.heroFileId,
      });
    if (!gone) throw businessNotFound();
    for (const fileId of [gone.logoFileId, gone.stripFileId, gone.heroFileId]) {
      if (fileId) await deleteFile(tx, ownerId, fileId);
    }
  });
}

const processLogo = (file: Uint8Array | Blob) =>
  processImage(
    // The server only ever receives bytes (multipart); a Blob is the browser's side of the schema.
    file instanceof Uint8Array ? file : new Uint8Array(),
    "business_logo",
    "business logo",
  );

const addressColumns = {
  id: addresses.id,
  business_id: addresses.businessId,
  business_name: businesses.businessName,
  business_category: addresses.businessCategory,
  address: addresses.address,
  state: addresses.state,
  city: addresses.city,
  zip_code: addresses.zipCode,
  country_name: addresses.countryName,
  latitude: addresses.latitude,
  longitude: addresses.longitude,
  createdAt: addresses.createdAt,
};
const selectAddresses = (db: Db) =>
  db.select(addressColumns).from(addresses).innerJoin(businesses, eq(businesses.id, addresses.businessId));
type AddressRow = Awaited<ReturnType<ReturnType<typeof selectAddresses>["execute"]>>[number];
const toAddress = ({ createdAt, ...row }: AddressRow): Address => ({ ...row, created_at: createdAt.toISOString() });

export async function listAddresses(
  db: Db,
  ownerId: number,
  query: PageQuery & { business_id?: number },
): Promise<Paginated<Address>> {
  if (query.business_id) await findBusiness(db, ownerId, query.business_id);
  const where = and(
    eq(addresses.userId, ownerId),
    query.business_id ? eq(addresses.businessId, query.business_id) : undefined,
  );
  return paginate(
    query,
    async () => (await db.select({ n: count() }).from(addresses).where(where))[0]!.n,
    async (limit, offset) =>
      (await selectAddresses(db).where(where).orderBy(desc(addresses.id)).limit(limit).offset(offset)).map(toAddress),
  );
}

async function findAddress(db: Db, ownerId: number, id: number): Promise<Address> {
  const [row] = await selectAddresses(db)
    .where(and(eq(addresses.id, id), eq(addresses.userId, ownerId)))
    .limit(1);
  if (!row) throw addressNotFound();
  return toAddress(row);
}

/** Where the address is on a map, or null: both or neither (the contract checks). */
const coordinates = (body: { latitude?: number; longitude?: number }) => ({
  latitude: body.latitude ?? null,
  longitude: body.longitude ?? null,
});

/**
 * Adds a location to one of the owner's businesses. The one place a new address is created: it
 * takes a place in the plan's allowance or uses an extra-slot fee, in the insert's transaction.
 */
export async function addAddress(db: Db, ownerId: number, body: AddressInput): Promise<Address> {
  await findBusiness(db, ownerId, body.business_id);
  const place = await checkPlace(db, body);
  const id = await addWithSlot(db, ownerId, "address", async (tx) => {
    const [row] = await tx
      .insert(addresses)
      .values({ userId: ownerId, businessId: body.business_id, ...placeValues(place), ...coordinates(body) })
      .returning({ id: addresses.id });
    return row!.id;
  });
  return findAddress(db, ownerId, id);
}

/** Edits one of the owner's addresses (it may move to another of the owner's businesses). */
export async function updateAddress(db: Db, ownerId: number, id: number, body: AddressInput): Promise<Address> {
  await findAddress(db, ownerId, id);
  await findBusiness(db, ownerId, body.business_id);
  const place = await checkPlace(db, body);
  await db
    .update(addresses)
    .set({ businessId: body.business_id, ...placeValues(place), ...coordinates(body), updatedAt: sql`now()` })
    .where(and(eq(addresses.id, id), eq(addresses.userId, ownerId)));
  return findAddress(db, ownerId, id);
}

export async function deleteAddress(db: Db, ownerId: number, id: number) {
  const gone = await db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, ownerId)))
    .returning({ id: addresses.id });
  if (gone.length === 0) throw addressNotFound();
}
