import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import type { GoogleWallet } from "./service";

/** What the Google Wallet updates use that the composition root (app.ts) creates. */
export type GoogleWalletDeps = {
  db: Db;
  log: FastifyBaseLogger;
  googleWallet: GoogleWallet;
  /** The app's public origin: the hero image's URL Google fetches. */
  publicAppUrl: string;
};
