import "./zod-setup";
import { z } from "zod";

/** GET /openapi.json answers the OpenAPI 3.1 document itself, not the envelope. */
export const openApiDocumentAnswer = z.object({
  openapi: z.string().startsWith("3.1"),
  info: z.object({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
