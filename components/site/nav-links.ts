/**
 * The home page's sections, in page order: the top bar and footer link to them as `/#id` (in the
 * page's language: `/es#id`). `label` is the key of the link's text in `site.nav`.
 */
export const SECTIONS = [
  { id: "home", label: "home" },
  { id: "about-us", label: "aboutUs" },
  { id: "how-it-work", label: "howItWork" },
  { id: "pricing", label: "pricing" },
  { id: "contact-us", label: "contactUs" },
] as const;

export type SectionId = (typeof SECTIONS)[number]["id"];
