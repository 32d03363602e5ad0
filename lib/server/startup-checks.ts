import { webEnv } from "./env";
import { sessionOptions } from "./session";

// A bad environment stops the web server at start with a clear message, not at the first request.
try {
  const env = webEnv();
  if (env.PAYMENTS_MODE === "live" && !env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY) {
    throw new Error("PAYMENTS_MODE=live needs NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: refusing to start.");
  }
  if (!env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY) {
    console.warn(
      "\n*** PAYMENTS IN TEST MODE: no NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY, the payment page uses the sandbox card form. ***\n",
    );
  }
  sessionOptions(false); // reads SESSION_SECRET, or creates DATA_DIR/.secret with its warning
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
