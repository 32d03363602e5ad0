import type { FastifyRequest } from "fastify";
import type { ProgrammeWords } from "../../../../../contract/programme";
import { serverKind } from "../../../kinds";
import { actingOwnerId, type AuthUser } from "../../../http/auth";
import { HttpError, invalid, notFound, unauthenticated } from "../../../http/errors";
import type { Body, LoyaltyDeps } from "../shared/deps";
import { cardOnDevice, counterCheck, findQr, secretsOf } from "../cards/cards";
import { parseScannedCode } from "../engine/codes";
import { scanAnswer, selfStamp, staffScan } from "./stamping";

export const UNKNOWN_CODE = "scan.unknownCode";
const BUSINESS_CODE_FOR_STAFF = "scan.businessCodeForStaff";
const NO_CARD = "scan.noCardYet";

/**
 * qr-code-scanner, both kinds of code: a card's serial (staff or the owner: stamp or redeem;
 * points and cashback earn on the purchase `amount`) and a business QR (a customer's device with a card there: a self-scan stamp, or when next).
 */
export async function scanCode(
  deps: Pick<LoyaltyDeps, "db" | "events">,
  input: { user: AuthUser | null; body: Body<"qrCodeScanner">; headers: FastifyRequest["headers"] },
  words: ProgrammeWords,
) {
  const { user, body } = input;
  const code = parseScannedCode(body.code);
  if (code.kind === "unknown") throw notFound(UNKNOWN_CODE);

  if (code.kind === "card") {
    if (!user) throw unauthenticated();
    // The stamp and the jobs it causes (wallet updates, the feed) commit together, or neither.
    const outcome = await staffScan(deps.db, deps.events, actingOwnerId(user), user.id, code.serial, body.amount);
    const data = scanAnswer(outcome, outcome.names, null, words);
    return { message: serverKind(data.kind).staffScanMessage(data, outcome, words), data };
  }

  const resolved = await findQr(deps.db, code.qrToken).catch((error: unknown) => {
    if (error instanceof HttpError && error.statusCode === 404) throw notFound(UNKNOWN_CODE);
    throw error;
  });
  const secrets = secretsOf(input.headers);
  const card = await cardOnDevice(deps.db, secrets, resolved.business.id);
  if (!card) {
    if (user) throw new HttpError(422, BUSINESS_CODE_FOR_STAFF, { code: [BUSINESS_CODE_FOR_STAFF] });
    throw new HttpError(422, NO_CARD, { code: [NO_CARD] });
  }
  // A rotating code stamps only with the counter screen's current (or previous) code.
  const counter = counterCheck(resolved.qr, body.counter_code ?? code.counterCode);
  if (!counter.ok) throw invalid("code", "scan.counterExpired");
  const outcome = await deps.db.transaction((tx) =>
    selfStamp(tx, deps.events, card.id, resolved, { counterWindow: counter.window }),
  );
  const data = scanAnswer(outcome, outcome.names, outcome.nextAt, words);
  return { message: serverKind(data.kind).selfScanMessage(data, outcome.action === "wait"), data };
}
