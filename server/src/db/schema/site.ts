import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

import type { HomePageTexts, PageTexts, ReviewTexts } from "../../../../contract/site";
import type { ContentTranslations } from "../../i18n/localized-content";

/** A record's texts in the other locales (the English ones are its columns); `{}` when none. */
const translations = <T>() => jsonb("translations").$type<ContentTranslations<T>>().notNull().default({});

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** One step of the home page's "How it work" section. */
export type HomeStep = { title: string; text: string };

/**
 * The public home page's content, by slug (`home-page-list`; "test" is the default):
 * the logo and social links of the top bar and footer, and every section's text.
 */
export const homePages = pgTable(
  "home_pages",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    /** A URL or a path under the web app (`/icon.svg`). */
    logo: text("logo").notNull(),
    facebook: text("facebook").notNull().default(""),
    twitter: text("twitter").notNull().default(""),
    instagram: text("instagram").notNull().default(""),
    heroTitle: text("hero_title").notNull(),
    heroText: text("hero_text").notNull(),
    aboutTitle: text("about_title").notNull(),
    aboutText: text("about_text").notNull(),
    aboutPoints: text("about_points")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    howTitle: text("how_title").notNull(),
    howSteps: jsonb("how_steps").$type<HomeStep[]>().notNull().default([]),
    pricingTitle: text("pricing_title").notNull(),
    pricingText: text("pricing_text").notNull(),
    contactTitle: text("contact_title").notNull(),
    contactText: text("contact_text").notNull(),
    translations: translations<HomePageTexts>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("home_pages_slug_unique").on(t.slug)],
);

/** Server-provided pages (privacy policy, terms): HTML sanitised on save and again on render. */
export const pages = pgTable(
  "pages",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    /** The meta description search engines show. */
    description: text("description").notNull().default(""),
    content: text("content").notNull(),
    translations: translations<PageTexts>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("pages_slug_unique").on(t.slug)],
);

/** Customer reviews shown on the home page (`GET /review-list`). */
export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** Who the reviewer is, e.g. "Owner, Harbour Coffee". */
    business: text("business").notNull().default(""),
    rating: integer("rating").notNull(),
    text: text("text").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    active: boolean("active").notNull().default(true),
    translations: translations<ReviewTexts>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("reviews_name_text_unique").on(t.name, t.text),
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
  ],
);

/** Messages sent through the home page's contact form (`POST /contact-us`). */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    phoneNumber: text("phone_number").notNull(),
    companyName: text("company_name").notNull().default(""),
    message: text("message").notNull(),
    /** The sender's address, for dealing with abuse. */
    ip: text("ip").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt)],
);
