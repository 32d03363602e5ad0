import type { FastifyInstance } from "fastify";
import { calls } from "../../../../../contract/calls";
import { actingOwnerId } from "../../../http/auth";
import { route } from "../../../http/route";
import { programmeWords } from "../../../i18n/programme-words";
import type { LoyaltyDeps } from "../shared/deps";
import { redeemCard } from "./redeem";
import { scanCode } from "./scanner";
import { scanCsv, scanListPage } from "./scans";

/** The scanner, redeeming, and My Scans (the list and its CSV export). */
export function scanRoutes(app: FastifyInstance, deps: LoyaltyDeps) {
  route(app, calls.qrCodeScanner, async ({ body, user, request, t }) =>
    scanCode(deps, { user, body, headers: request.headers }, programmeWords(t)),
  );

  route(app, calls.cardRedeem, async ({ user, body, t }) => redeemCard(deps, user, body, programmeWords(t)));

  route(app, calls.scanList, async ({ user, query, t }) => ({
    message: "scans.list",
    data: await scanListPage(deps.db, actingOwnerId(user), query, programmeWords(t)),
  }));

  route(app, calls.scanExport, async ({ user, query }) => {
    const { body, name } = await scanCsv(deps.database, actingOwnerId(user), query);
    return {
      message: "scans.csv",
      file: {
        body,
        contentType: "text/csv; charset=utf-8",
        headers: { "content-disposition": `attachment; filename="${name}.csv"`, "cache-control": "no-store" },
      },
    };
  });
}
