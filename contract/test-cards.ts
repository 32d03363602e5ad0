/**
 * Stripe's test cards (https://docs.stripe.com/testing) as the sandbox provider knows them. The
 * sandbox card form turns a number into Stripe's own test PaymentMethod id, so the card number
 * never leaves the browser and the same ids work against Stripe in test mode.
 */
export const TEST_CARDS = [
  { number: "4242424242424242", token: "pm_card_visa", outcome: "succeeded" },
  { number: "5555555555554444", token: "pm_card_mastercard", outcome: "succeeded" },
  {
    number: "4000000000000002",
    token: "pm_card_visa_chargeDeclined",
    outcome: "declined",
    message: "Your card was declined.",
  },
  {
    number: "4000000000009995",
    token: "pm_card_visa_chargeDeclinedInsufficientFunds",
    outcome: "declined",
    message: "Your card has insufficient funds.",
  },
] as const;

/** What the sandbox sends for a number that is not a test card (a real card must not be used). */
export const NOT_A_TEST_CARD_TOKEN = "pm_card_not_a_test_card";
export const NOT_A_TEST_CARD_MESSAGE =
  "Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://docs.stripe.com/testing.";

/** The sandbox token for a typed card number (spaces and dashes ignored). */
export function sandboxTokenFor(cardNumber: string): string {
  const digits = cardNumber.replace(/[\s-]/g, "");
  return TEST_CARDS.find((card) => card.number === digits)?.token ?? NOT_A_TEST_CARD_TOKEN;
}
