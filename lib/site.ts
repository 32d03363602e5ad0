/** The product's name as the browser shows it. */
export const APP_NAME = process.env.NEXT_PUBLIC_APP_NAME || "Loyalty Cards";
