import { eq } from "drizzle-orm";
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";
import type { Db } from "../../../db/client";
import { businesses, countries } from "../../../db/schema";

/**
 * A phone as typed, in E.164 (the number SMS go to): a number written without its country code is
 * read as one of the business's country. Null when it is not a valid phone number.
 */
export async function phoneE164(db: Db, businessId: number, phone: string | undefined): Promise<string | null> {
  if (!phone?.trim()) return null;
  const [row] = await db
    .select({ code: countries.code })
    .from(businesses)
    .innerJoin(countries, eq(countries.name, businesses.countryName))
    .where(eq(businesses.id, businessId))
    .limit(1);
  const parsed = parsePhoneNumberFromString(phone, row?.code as CountryCode | undefined);
  return parsed?.isValid() ? parsed.number : null;
}
