import "./zod-setup";
import { z } from "zod";
import { id } from "./ids";

/** What a public API key may do; each /v1 endpoint needs one of these scopes. */
export const API_KEY_SCOPES = ["cards:read", "cards:write", "customers:read", "messages:write"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** api-key-add: the key is answered once, in `data.key`. */
export const apiKeyAddBody = z.object({
  name: z
    .string({ error: "The name field is required." })
    .trim()
    .min(2, "The name must be at least 2 characters.")
    .max(60, "The name may not be greater than 60 characters."),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: `Each scope must be one of ${API_KEY_SCOPES.join(", ")}.` }), {
      error: "The scopes field is required.",
    })
    .min(1, "Choose at least one scope.")
    .max(API_KEY_SCOPES.length)
    .transform((scopes) => [...new Set(scopes)]),
});
export type ApiKeyAddBody = z.input<typeof apiKeyAddBody>;

export const apiKeyRevokeBody = z.object({ id });

export const apiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's visible start, e.g. `lc_live_AbC1`: how the owner tells keys apart. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKey>;
/** api-key-add's answer: the key itself, shown this once. */
export const newApiKey = apiKey.extend({ key: z.string() });
export type NewApiKey = z.infer<typeof newApiKey>;
export const apiKeyListAnswer = z.array(apiKey);
