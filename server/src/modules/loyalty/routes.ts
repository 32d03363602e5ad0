import type { FastifyInstance } from "fastify";
import { cardRoutes } from "./cards/routes";
import { counterRoutes } from "./counter/routes";
import { qrRoutes } from "./qr/routes";
import { referralRoutes } from "./referrals/routes";
import { rewardRoutes } from "./rewards/routes";
import { scanRoutes } from "./scans/routes";
import type { LoyaltyDeps } from "./shared/deps";

/** The loyalty core: rewards, QR codes, the scanner, redeeming and My Scans (the customer's card: modules/wallet). */
export function loyaltyRoutes(app: FastifyInstance, deps: LoyaltyDeps) {
  rewardRoutes(app, deps);
  qrRoutes(app, deps);
  scanRoutes(app, deps);
  referralRoutes(app, deps);
  cardRoutes(app, deps);
  counterRoutes(app, deps);
}
