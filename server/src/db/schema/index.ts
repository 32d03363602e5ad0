/** The database schema, one file per area of the product; drizzle-kit reads this folder. */
export * from "./auth";
export * from "./files";
export * from "./businesses";
export * from "./staff";
export * from "./plans";
export * from "./site";
export * from "./payments";
export * from "./loyalty";
export * from "./apple-wallet";
export * from "./notifications";
export * from "./automations";
export * from "./jobs";
export * from "./api-keys";
export * from "./pos-connections";
export * from "./pos";
export * from "./webhooks";
export * from "./imports";
