import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import { balanceAmount } from "../../../../contract/programme";
import { COUNTER_EXPIRED } from "../../../../contract/qr-codes";
import type { ScanResult } from "../../../../contract/wallet";
import { actingOwnerId } from "../../http/auth";
import { HttpError, invalid, notFound, unauthenticated } from "../../http/errors";
import { route } from "../../http/route";
import { cardOnDevice, counterCheck, findQr, secretsOf } from "./cards";
import { parseScannedCode } from "./codes";
import { scanAnswer, selfStamp, staffScan } from "./stamping";

export const UNKNOWN_CODE = "This code is not a loyalty card or QR code of ours.";
const BUSINESS_CODE_FOR_STAFF = "This is a business QR code. Scan the customer's card instead.";
const NO_CARD = "There is no card for this business on this device yet. Join first.";

/** A points or cashback earn as the scanner says it: "Added 12 points: 12 points — 88 to Free lunch." */
function earnedWords(data: ScanResult, delta: number) {
  const earned = balanceAmount({ kind: data.kind, currency: data.currency, stampsRequired: null }, delta);
  return `Added ${earned}${data.kind === "cashback" ? " cashback" : ""}: ${data.balance_text}.`;
}

export function scannerRoutes(app: FastifyInstance) {
  /**
   * qr-code-scanner, both kinds of code: a card's serial (staff or the owner: stamp or redeem;
   * points and cashback earn on the purchase `amount`) and a business QR (a customer's device with a card there: a self-scan stamp, or when next).
   */
  route(app, calls.qrCodeScanner, async ({ body, user, request }) => {
    const code = parseScannedCode(body.code);
    if (code.kind === "unknown") throw notFound(UNKNOWN_CODE);

    if (code.kind === "card") {
      if (!user) throw unauthenticated();
      // The stamp and the jobs it causes (wallet updates, the feed) commit together, or neither.
      const outcome = await staffScan(app.db, app.events, actingOwnerId(user), user.id, code.serial, body.amount);
      const data = scanAnswer(outcome, outcome.names, null);
      const message =
        data.kind !== "stamps"
          ? earnedWords(data, outcome.delta)
          : outcome.action === "redeem"
            ? `Reward redeemed: ${data.reward_title}. ${data.stamps} stamp${data.stamps === 1 ? "" : "s"} left on the card.`
            : `Stamp added: ${data.stamps}${data.stamps_required ? ` of ${data.stamps_required}` : ""}.${data.reward_ready ? " The reward is ready." : ""}`;
      return { message, data };
    }

    const resolved = await findQr(app.db, code.qrToken).catch((error: unknown) => {
      if (error instanceof HttpError && error.statusCode === 404) throw notFound(UNKNOWN_CODE);
      throw error;
    });
    const secrets = secretsOf(request.headers);
    const card = await cardOnDevice(app.db, secrets, resolved.business.id);
    if (!card) {
      if (user) throw new HttpError(422, BUSINESS_CODE_FOR_STAFF, { code: [BUSINESS_CODE_FOR_STAFF] });
      throw new HttpError(422, NO_CARD, { code: [NO_CARD] });
    }
    // A rotating code stamps only with the counter screen's current (or previous) code.
    const counter = counterCheck(resolved.qr, body.counter_code ?? code.counterCode);
    if (!counter.ok) throw invalid("code", COUNTER_EXPIRED);
    const outcome = await app.db.transaction((tx) =>
      selfStamp(tx, app.events, card.id, resolved, { counterWindow: counter.window }),
    );
    const data = scanAnswer(outcome, outcome.names, outcome.nextAt);
    const message =
      data.kind !== "stamps"
        ? outcome.action === "wait"
          ? "You already checked in here."
          : `Visit recorded: ${data.balance_text}.`
        : outcome.action === "wait"
          ? "You already collected a stamp here."
          : `Stamp added: ${data.stamps}${data.stamps_required ? ` of ${data.stamps_required}` : ""}.`;
    return { message, data };
  });
}
