import { parsePhoneNumberFromString } from "libphonenumber-js";
import type { Db } from "../../../db/client";
import { businessCountry } from "../../customer-import/queries";

/**
 * A phone as typed, in E.164 (the number SMS go to): a number written without its country code is
 * read as one of the business's country. Null when it is not a valid phone number.
 */
export async function phoneE164(db: Db, businessId: number, phone: string | undefined): Promise<string | null> {
  if (!phone?.trim()) return null;
  const parsed = parsePhoneNumberFromString(phone, await businessCountry(db, businessId));
  return parsed?.isValid() ? parsed.number : null;
}
