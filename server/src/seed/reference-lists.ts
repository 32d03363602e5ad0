import type { Db } from "../db/client";
import { businessCategories, countries } from "../db/schema";
import { COUNTRIES } from "./countries-data";

/** The business categories of category-list: the kinds of business that run stamp cards. */
export const BUSINESS_CATEGORIES = [
  "Bakery",
  "Bar and Pub",
  "Barber Shop",
  "Beauty Salon",
  "Bookshop",
  "Butcher",
  "Café and Coffee Shop",
  "Car Wash",
  "Clothing and Fashion",
  "Delicatessen",
  "Dry Cleaning and Laundry",
  "Fast Food",
  "Fitness and Gym",
  "Florist",
  "Grocery Store",
  "Hair Salon",
  "Ice Cream and Desserts",
  "Juice and Smoothie Bar",
  "Nail Salon",
  "Pet Shop and Grooming",
  "Pharmacy",
  "Pizzeria",
  "Restaurant",
  "Spa and Massage",
  "Tea House",
  "Other",
] as const;

/** Idempotent: inserts what is missing, leaves rows the operator added or edited alone. */
export async function seedReferenceLists(db: Db) {
  await db
    .insert(businessCategories)
    .values(BUSINESS_CATEGORIES.map((name) => ({ name })))
    .onConflictDoNothing();
  await db
    .insert(countries)
    .values(COUNTRIES.map(([code, name]) => ({ code, name })))
    .onConflictDoNothing();
}
