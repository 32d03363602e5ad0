import type { FastifyInstance } from "fastify";
import { cardHistoryRoutes } from "./card-history";
import { counterDeviceRoutes } from "./counter-devices";
import { counterScreenRoutes } from "./counter-screen";
import { qrCodeRoutes } from "./qr-codes";
import { redeemRoutes } from "./redeem";
import { referralReviewRoutes } from "./referral-review";
import { rewardOptionRoutes } from "./reward-options";
import { rewardRoutes } from "./rewards";
import { scannerRoutes } from "./scanner";
import { scanRoutes } from "./scans";

/** The loyalty core: rewards, QR codes, the scanner, redeeming and My Scans (the customer's card: modules/wallet). */
export function loyaltyRoutes(app: FastifyInstance) {
  rewardRoutes(app);
  rewardOptionRoutes(app);
  qrCodeRoutes(app);
  scannerRoutes(app);
  redeemRoutes(app);
  referralReviewRoutes(app);
  scanRoutes(app);
  cardHistoryRoutes(app);
  counterScreenRoutes(app);
  counterDeviceRoutes(app);
}
