import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Events } from "../../services/events";
import type { Connection } from "./till-order";
import type { TillEvent } from "./till-platforms";

/** What the till's calls and jobs use that the composition root (app.ts) creates. */
export type IntegrationDeps = {
  db: Db;
  events: Events;
  config: Pick<Config, "publicAppUrl" | "squareApiUrl">;
  /** The job that reads a Square payment's customer before it earns (square-customers.ts). */
  squarePayments: SquarePayments;
};

export type SquarePayments = {
  /** The job of this payment (one per connection and payment: a redelivery writes none). */
  enqueue(db: Db, connection: Connection, event: Extract<TillEvent, { kind: "paid" }>): Promise<void>;
};
