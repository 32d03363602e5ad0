import type { Config } from "../../config";
import type { PaymentProvider } from "./provider";
import { createSandboxProvider } from "./sandbox";
import { createStripeProvider } from "./stripe";

export type { PaymentProvider } from "./provider";

/** Stripe when its keys are set, else the sandbox (config.ts refuses `live` without keys). */
export function createPaymentProvider(config: Config): PaymentProvider {
  if (config.stripe) return createStripeProvider(config.stripe);
  return createSandboxProvider();
}
