/** The home page's sections, in page order: the top bar and footer link to them as `/#id`. */
export const SECTIONS = [
  { id: "home", label: "Home" },
  { id: "about-us", label: "About us" },
  { id: "how-it-work", label: "How it work" },
  { id: "pricing", label: "Pricing" },
  { id: "contact-us", label: "Contact us" },
] as const;

export type SectionId = (typeof SECTIONS)[number]["id"];
