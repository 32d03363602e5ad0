import "server-only";
import { z } from "zod";

const schema = z.object({
  BACKEND_API_URL: z.url().default("http://127.0.0.1:4000/api"),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  PUBLIC_APP_URL: z.url().optional(),
  /** Largest request body the BFF forwards (bytes). */
  BFF_BODY_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  /** Store pages of the mobile apps; each badge is shown on the dashboard only when set. */
  NEXT_PUBLIC_APP_STORE_URL: z.url().optional(),
  NEXT_PUBLIC_PLAY_STORE_URL: z.url().optional(),
  /** Stripe in the browser (Elements); unset: the sandbox's own card form in test mode. */
  NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, "must be a Stripe publishable key (pk_…)")
    .optional(),
  /** Push (Firebase Cloud Messaging) in the browser: the web app's config JSON and the VAPID key. */
  NEXT_PUBLIC_FIREBASE_CONFIG: z.string().optional(),
  NEXT_PUBLIC_FIREBASE_VAPID_KEY: z.string().optional(),
  /** `live`: the web app refuses to start without the Stripe publishable key. */
  PAYMENTS_MODE: z.enum(["live", "sandbox"]).optional(),
});

export type WebEnv = z.infer<typeof schema>;

let cached: WebEnv | undefined;

/** The Next.js server's environment, validated once; a bad value is a clear error at first use. */
export function webEnv(): WebEnv {
  if (cached) return cached;
  const raw = Object.fromEntries(
    Object.keys(schema.shape).map((key) => [key, process.env[key] === "" ? undefined : process.env[key]]),
  );
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment for the web app: ${lines.join("; ")}`);
  }
  cached = { ...parsed.data, BACKEND_API_URL: parsed.data.BACKEND_API_URL.replace(/\/$/, "") };
  return cached;
}
