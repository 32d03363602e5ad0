import type { FastifyInstance } from "fastify";
import { calls } from "../../../../../contract/calls";
import { serverKind } from "../../../kinds";
import { actingOwnerId } from "../../../http/auth";
import { HttpError, invalid, notFound, unauthenticated } from "../../../http/errors";
import { route } from "../../../http/route";
import { cardOnDevice, counterCheck, findQr, secretsOf } from "../cards/cards";
import { parseScannedCode } from "../engine/codes";
import { scanAnswer, selfStamp, staffScan } from "./stamping";
import { programmeWords } from "../../../i18n/programme-words";

export const UNKNOWN_CODE = "scan.unknownCode";
const BUSINESS_CODE_FOR_STAFF = "scan.businessCodeForStaff";
const NO_CARD = "scan.noCardYet";

export function scannerRoutes(app: FastifyInstance) {
  /**
   * qr-code-scanner, both kinds of code: a card's serial (staff or the owner: stamp or redeem;
   * points and cashback earn on the purchase `amount`) and a business QR (a customer's device with a card there: a self-scan stamp, or when next).
   */
  route(app, calls.qrCodeScanner, async ({ body, user, request, t }) => {
    const words = programmeWords(t);
    const code = parseScannedCode(body.code);
    if (code.kind === "unknown") throw notFound(UNKNOWN_CODE);

    if (code.kind === "card") {
      if (!user) throw unauthenticated();
      // The stamp and the jobs it causes (wallet updates, the feed) commit together, or neither.
      const outcome = await staffScan(app.db, app.events, actingOwnerId(user), user.id, code.serial, body.amount);
      const data = scanAnswer(outcome, outcome.names, null, words);
      return { message: serverKind(data.kind).staffScanMessage(data, outcome, words), data };
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
    if (!counter.ok) throw invalid("code", "scan.counterExpired");
    const outcome = await app.db.transaction((tx) =>
      selfStamp(tx, app.events, card.id, resolved, { counterWindow: counter.window }),
    );
    const data = scanAnswer(outcome, outcome.names, outcome.nextAt, words);
    return { message: serverKind(data.kind).selfScanMessage(data, outcome.action === "wait"), data };
  });
}
