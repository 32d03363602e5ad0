import type { FastifyBaseLogger } from "fastify";
import type { calls } from "../../../../../contract/calls";
import type { Database, Db } from "../../../db/client";
import type { Context } from "../../../http/route";
import type { CounterFeed } from "../../../services/counter-feed";
import type { Events } from "../../../services/events";

/** What the loyalty services use, built once by app.ts. */
export type LoyaltyDeps = {
  db: Db;
  /** The pool itself: the scan export streams on a connection of its own. */
  database: Database;
  events: Events;
  /** Stamps as counter screens see them (LISTEN/NOTIFY). */
  counterFeed: CounterFeed;
  log: FastifyBaseLogger;
};

/** A call's body and query as its route has validated them. */
export type Body<K extends keyof typeof calls> = Context<(typeof calls)[K]>["body"];
export type Query<K extends keyof typeof calls> = Context<(typeof calls)[K]>["query"];
