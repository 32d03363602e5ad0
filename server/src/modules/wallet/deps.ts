import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Events } from "../../services/events";
import type { Mail } from "../../services/mail";
import type { RateLimiter } from "../../services/rate-limit";
import type { GoogleWallet } from "../google-wallet/service";
import type { CustomerMailQueue } from "../reach/customer-mail";

/** What the wallet calls use that the composition root (app.ts) creates. */
export type WalletDeps = {
  db: Db;
  events: Events;
  limiter: RateLimiter;
  googleWallet: GoogleWallet;
  /** Sends a mail once `tx` commits (services/mail-jobs.ts). */
  queueMail(tx: Db, mail: Mail): Promise<void>;
  /** Customer mails ("your card" on a join with email consent). */
  customerMail: CustomerMailQueue;
  config: Pick<Config, "appName" | "publicAppUrl" | "appleWallet" | "linkSecret">;
};
