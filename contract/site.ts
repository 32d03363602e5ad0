import "./zod-setup";
import { z } from "zod";
import { email, name, phoneNumber } from "./fields";
import { CONTACT_LIMITS } from "./limits";

const slug = z
  .string({ error: "The slug field is required." })
  .trim()
  .min(1, "The slug field is required.")
  .max(100, "The slug may not be greater than 100 characters.")
  .regex(/^[a-z0-9-]+$/, "The slug may only contain lower-case letters, digits and dashes.");

/** The home page's slug when none is asked for (the seeded home page's). */
export const DEFAULT_HOME_SLUG = "test";

export const homePageQuery = z.object({ slug: slug.default(DEFAULT_HOME_SLUG) });
export const pageSlugQuery = z.object({ slug });

export const homePageData = z.object({
  id: z.number().int(),
  slug: z.string(),
  logo: z.string(),
  facebook: z.string(),
  twitter: z.string(),
  instagram: z.string(),
  hero_title: z.string(),
  hero_text: z.string(),
  about_title: z.string(),
  about_text: z.string(),
  about_points: z.array(z.string()),
  how_title: z.string(),
  how_steps: z.array(z.object({ title: z.string(), text: z.string() })),
  pricing_title: z.string(),
  pricing_text: z.string(),
  contact_title: z.string(),
  contact_text: z.string(),
  updated_at: z.string(),
});
export type HomePageData = z.infer<typeof homePageData>;

/** The home page's texts: what the operator writes per locale (English is the fallback). */
export type HomePageTexts = Pick<
  HomePageData,
  | "hero_title"
  | "hero_text"
  | "about_title"
  | "about_text"
  | "about_points"
  | "how_title"
  | "how_steps"
  | "pricing_title"
  | "pricing_text"
  | "contact_title"
  | "contact_text"
>;

/** A server-provided page; `content` is sanitised HTML. */
export const pageData = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  content: z.string(),
  updated_at: z.string(),
});
export type PageData = z.infer<typeof pageData>;
export type PageTexts = Pick<PageData, "title" | "description" | "content">;

export const review = z.object({
  id: z.number().int(),
  name: z.string(),
  business: z.string(),
  rating: z.number().int().min(1).max(5),
  text: z.string(),
});
export type Review = z.infer<typeof review>;
export type ReviewTexts = Pick<Review, "business" | "text">;
export const reviewList = z.array(review);

export const contactUsBody = z.object({
  email,
  name,
  phone_number: phoneNumber,
  company_name: z
    .string({ error: "The company name must be text." })
    .trim()
    .max(CONTACT_LIMITS.companyMax, `The company name may not be greater than ${CONTACT_LIMITS.companyMax} characters.`)
    .default(""),
  message: z
    .string({ error: "The message field is required." })
    .trim()
    .min(CONTACT_LIMITS.messageMin, `The message must be at least ${CONTACT_LIMITS.messageMin} characters.`)
    .max(CONTACT_LIMITS.messageMax, `The message may not be greater than ${CONTACT_LIMITS.messageMax} characters.`),
});
