import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import { route } from "../../http/route";
import { secretsOf } from "../loyalty/cards/cards";
import type { WalletDeps } from "./deps";
import { joinWallet, walletCard } from "./join";
import { recoverWallet } from "./recover";

/** The card holder's own calls: join from a QR code, the card on this device, recover it on another. */
export function walletRoutes(app: FastifyInstance, deps: WalletDeps) {
  route(app, calls.walletJoin, ({ body, request, t }) =>
    joinWallet(
      deps,
      body,
      {
        ip: request.ip,
        secrets: secretsOf(request.headers),
        // The page's language (the BFF sends it as Accept-Language); none asked: none kept.
        locale: request.headers["accept-language"] ? t.locale : null,
      },
      t,
    ),
  );

  route(app, calls.walletCard, ({ query, request, t }) => walletCard(deps, query, secretsOf(request.headers), t));

  route(app, calls.walletRecover, ({ body, request, t }) => recoverWallet(deps, body, request.ip, t));
}
