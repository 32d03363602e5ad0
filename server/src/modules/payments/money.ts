import { formatMinor } from "../plans/present";

/** "15.20 USD": how amounts read in messages, mails and receipts. */
export const money = (amountMinor: number, currency: string) => `${formatMinor(amountMinor)} ${currency}`;

/** Stripe's smallest card charge (0.50 in USD/EUR/GBP): a discount never takes a payment below it. */
export const MIN_CHARGE_MINOR = 50;
