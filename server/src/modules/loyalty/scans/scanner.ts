import { and, eq, inArray } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../../db/client";
import { productCategories } from "../../../db/schema";
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
 * The staff's split of a purchase as the engine reads it: each line's category must be one of the
 * owner's (else the 422 names the line); the engine applies the card's programme's rules.
 */
async function scanLines(db: Db, ownerId: number, lines: NonNullable<Body<"qrCodeScanner">["lines"]>) {
  const ids = [...new Set(lines.map((line) => line.product_category_id))];
  const own = await db
    .select({ id: productCategories.id })
    .from(productCategories)
    .where(and(eq(productCategories.userId, ownerId), inArray(productCategories.id, ids)));
  const known = new Set(own.map((row) => row.id));
  const unknown = lines.findIndex((line) => !known.has(line.product_category_id));
  if (unknown >= 0) throw invalid(`lines.${unknown}.product_category_id`, "categories.notFound");
  return lines.map((line) => ({ amount: line.amount, categories: [line.product_category_id] }));
}

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
    const ownerId = actingOwnerId(user);
    const lines = body.lines?.length ? await scanLines(deps.db, ownerId, body.lines) : undefined;
    const outcome = await staffScan(deps.db, deps.events, ownerId, user.id, code.serial, body.amount, lines);
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
