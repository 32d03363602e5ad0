import type { FastifyInstance } from "fastify";
import { cardHistoryRoutes } from "./cards/card-history";
import { counterDeviceRoutes } from "./counter/counter-devices";
import { counterScreenRoutes } from "./counter/counter-screen";
import { qrCodeRoutes } from "./qr/qr-codes";
import { redeemRoutes } from "./scans/redeem";
import { referralReviewRoutes } from "./referrals/referral-review";
import { rewardOptionRoutes } from "./rewards/reward-options";
import { rewardRoutes } from "./rewards/rewards";
import { scannerRoutes } from "./scans/scanner";
import { scanRoutes } from "./scans/scans";

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
