import "./zod-setup";
import * as z from "zod/mini";

/**
 * Any contract schema, written with zod's classic API or with `zod/mini` (the auth pages' schemas,
 * for their bundle size): both are built on zod's core, so one type and one parser serve both.
 */
export type Schema = z.core.$ZodType;
export type SchemaError = z.core.$ZodError;

/** `safeParse` as a function: core schemas have no methods of their own. */
export const safeParse = z.safeParse;
