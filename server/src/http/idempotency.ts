import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { idempotencyKeys } from "../db/schema";
import { sha256 } from "../crypto";
import { HttpError } from "./errors";

/** How long an answer is kept and replayed (housekeeping prunes older ones). */
export const IDEMPOTENCY_HOURS = 24;
/** How long a duplicate waits for the first request to finish before it is told to retry (409). */
const WAIT_MS = 10_000;

export const IDEMPOTENCY_HEADER = "idempotency-key";
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** An answer as stored and replayed. */
export type StoredAnswer = { statusCode: number; body: unknown; headers?: Record<string, string> };

/** The request's `Idempotency-Key`, or undefined; a malformed one is a 422. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !KEY_PATTERN.test(value)) {
    throw new HttpError(422, "http.badIdempotencyKey", { "Idempotency-Key": ["http.badIdempotencyKey"] });
  }
  return value;
}

/** JSON with sorted keys: the same body in another key order is the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object" && !Buffer.isBuffer(value)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(",")}}`;
  }
  if (Buffer.isBuffer(value)) return JSON.stringify(sha256(value.toString("base64")));
  return JSON.stringify(value ?? null);
}

/** What makes two requests "the same": method, path (with its query) and body. */
export const requestHash = (request: FastifyRequest) =>
  sha256(`${request.method} ${request.url}\n${canonical(request.body)}`);

/**
 * Runs `work` once per (scope, key): the first request inserts its row (the unique index picks
 * exactly one of concurrent duplicates), runs, and stores its answer; a later one with the same
 * request answers that (`replayed`), with another request a 422. A duplicate arriving while the
 * first runs waits for its answer. A request that fails (an error, not an answer) leaves nothing
 * stored, so a retry runs again: it changed nothing the first time.
 */
export async function runIdempotent(
  db: Db,
  input: { scope: string; key: string; hash: string },
  work: () => Promise<StoredAnswer>,
): Promise<StoredAnswer & { replayed: boolean }> {
  const deadline = Date.now() + WAIT_MS;
  for (let delay = 25; ; delay = Math.min(delay * 2, 500)) {
    // A row older than the window is taken over as if it did not exist.
    const [claimed] = await db
      .insert(idempotencyKeys)
      .values({ scope: input.scope, key: input.key, requestHash: input.hash })
      .onConflictDoUpdate({
        target: [idempotencyKeys.scope, idempotencyKeys.key],
        set: { requestHash: input.hash, statusCode: null, answer: null, headers: null, createdAt: sql`now()` },
        setWhere: sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_HOURS})`,
      })
      .returning({ id: idempotencyKeys.id });
    if (claimed) return { ...(await runClaimed(db, claimed.id, work)), replayed: false };

    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, input.scope), eq(idempotencyKeys.key, input.key)))
      .limit(1);
    if (!row) continue; // the first request failed and let go of the key: this one may run
    if (row.requestHash !== input.hash) {
      throw new HttpError(422, "http.idempotencyKeyReused", { "Idempotency-Key": ["http.idempotencyKeyReused"] });
    }
    if (row.statusCode !== null) {
      return { statusCode: row.statusCode, body: row.answer, headers: row.headers ?? undefined, replayed: true };
    }
    if (Date.now() > deadline)
      throw new HttpError(409, "http.idempotencyStillRunning", undefined, { "retry-after": "1" });
    await sleep(delay);
  }
}

async function runClaimed(db: Db, id: number, work: () => Promise<StoredAnswer>): Promise<StoredAnswer> {
  let answer: StoredAnswer;
  try {
    answer = await work();
  } catch (error) {
    await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, id));
    throw error;
  }
  await db
    .update(idempotencyKeys)
    .set({ statusCode: answer.statusCode, answer: answer.body ?? null, headers: answer.headers ?? null })
    .where(eq(idempotencyKeys.id, id));
  return answer;
}

/** Housekeeping: answers older than the window are never replayed again. */
export async function pruneIdempotencyKeys(db: Db): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_HOURS})`)
    .returning({ id: idempotencyKeys.id });
  return rows.length;
}
