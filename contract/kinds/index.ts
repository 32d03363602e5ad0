import { cashback } from "./cashback";
import { multipass } from "./multipass";
import { points } from "./points";
import { stamps } from "./stamps";
import type { SharedKind } from "./types";

/**
 * The programme kinds: the registry every side asks (`kindOf(kind)`) instead of
 * branching on a kind's name. Adding a kind is its three faces (contract/kinds/<kind>.ts with
 * contract/kinds/fields/<kind>.ts, server/src/kinds/<kind>.ts, components/kinds/<kind>/), a line in each registry
 * (and in contract/kinds/fields/index.ts), and its messages (a migration only for columns of its own: the kind columns are text).
 */
const registry = { stamps, points, cashback, multipass };

export type KindName = keyof typeof registry;

/** The kinds, the default first. */
export const KIND_NAMES = Object.keys(registry) as [KindName, ...KindName[]];

/** The kind of a card that collects for no programme, and of add-reward without one. */
export const DEFAULT_KIND: KindName = KIND_NAMES[0];

/** What the contract and the browser know of `kind`. */
export const kindOf = (kind: KindName): SharedKind => registry[kind];

/** Stamps to the reward a card collects for: null with no reward, or for a kind that counts none. */
export const stampsRequiredOf = (reward: { kind: KindName; stampsRequired: number } | null) =>
  reward ? kindOf(reward.kind).stampsRequired(reward) : null;

/** The kinds that answer `test` (their names: SQL's `in`, drizzle's `inArray`). */
export const kindsWhere = (test: (kind: SharedKind) => boolean) => KIND_NAMES.filter((name) => test(kindOf(name)));

/** A kind's name as an SQL literal ('points'): the names are the registry's own words, never input. */
export const kindLiteral = (kind: KindName) => `'${kind}'`;
