/**
 * What a card form gives the payment page: a token for subscription-charge, and (Stripe) the way
 * to complete 3-D Secure. Both forms implement it; the page does not know which one runs.
 */
export type CardTokenizer = {
  tokenize(billing: { name: string; email: string }): Promise<{ token: string } | { error: string }>;
  /** Completes a `requires_action` answer in the page; resolves with an error message or null. */
  completeAction(clientSecret: string): Promise<string | null>;
};
