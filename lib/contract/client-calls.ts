// Method and path of the calls the public site makes from the browser, in a module without zod:
// importing `calls` would bring every schema (and zod) into the home page's JavaScript.
// `calls.ts` spreads these into its entries, so the contract still has one definition.

export const contactUsCall = { method: "POST", path: "/contact-us" } as const;
