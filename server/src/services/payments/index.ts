import type { Config } from "../../config";
import type { PaymentProvider } from "./provider";
import { createSandboxProvider } from "./sandbox";

export type { PaymentProvider } from "./provider";

/**
 * Stripe when its keys are set, else the sandbox (config.ts refuses `live` without keys). stripe-node
 * (about 220 modules) is loaded only where it is configured.
 */
export async function createPaymentProvider(config: Config): Promise<PaymentProvider> {
  if (config.stripe) return (await import("./stripe")).createStripeProvider(config.stripe);
  return createSandboxProvider();
}
