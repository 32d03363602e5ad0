import { sql } from "drizzle-orm";
import type { TestApp } from "./app";

/**
 * A new owner without a plan, and `charge(card)`: the Starter plan (19.00 USD) paid through the
 * sandbox with one of its test cards (`pm_card_visa`, `pm_card_visa_chargeDeclined`, …).
 * The plans must be seeded (`seedPlans`).
 */
export async function ownerPayingStarter(t: TestApp) {
  const user = await t.createUser({ plan: false });
  const token = await t.tokenFor(user.id);
  const [starter] = await t.query<{ id: number }>(sql`select id from plans where name = 'Starter'`);
  let attempts = 0;
  const charge = (card: string) =>
    t.post(
      "/subscription-charge",
      {
        token: card,
        amount: "19.00",
        subscription_id: starter!.id,
        email: user.email,
        name: "Test Owner",
        mode: "newUser",
        idempotency_key: `charge-${user.id}-${++attempts}-${Date.now()}`,
      },
      { token },
    );
  return { user, token, charge };
}
