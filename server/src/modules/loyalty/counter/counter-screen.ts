import { PassThrough } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../../db/client";
import type { AuthUser } from "../../../http/auth";
import type { CounterStamp } from "../../../services/counter-feed";
import type { ProgrammeWords } from "../../../../../contract/programme";
import type { LoyaltyDeps } from "../shared/deps";
import { cardBalance, cardTerms } from "../cards/card-balance";
import { resolveReward } from "../cards/cards";
import { counterScreenAccess, grantHolds } from "./counter-access";
import { endLease, renewLeases, takeLease } from "./counter-streams";

/**
 * A stamp as the screen shows it: with the balance in the programme's terms. The
 * notification counts in the programme's unit; the programme is the QR code's (its reward, else the
 * business's newest), read at each stamp so a new option or currency shows at once; in the screen's
 * language (the page's, as the request says).
 */
async function withBalanceText(
  db: Db,
  qr: { businessId: number; rewardId: number | null },
  stamp: CounterStamp,
  words: ProgrammeWords,
): Promise<CounterStamp> {
  if (stamp.balance_text) return stamp;
  const terms = await cardTerms(db, qr.businessId, await resolveReward(db, qr.businessId, qr.rewardId));
  const { kind, balance_text } = cardBalance(terms, stamp.stamps, words);
  return { ...stamp, kind, balance_text };
}

/** A comment line now and then: proxies keep the stream open, and a dead screen is noticed. */
export const HEARTBEAT_MS = 15_000;

/** The counter screens' open streams, each by its stop: ended first when the server closes. */
export type OpenScreens = Set<() => Promise<void>>;

/**
 * counter-events: each stamp made through the QR code, as a server-sent event `stamp`, for its
 * counter screens (owner or staff of its owner, or the tablet signed in to it). Fed by the counter
 * feed (LISTEN/NOTIFY), so a stamp on any API instance reaches screens on every other. A closed
 * door ends the streams it opened, on every instance: the feed's notice makes them
 * check their access again at once, and the heartbeat checks too, should a notice be lost.
 */
export async function counterEvents(
  deps: Pick<LoyaltyDeps, "db" | "counterFeed">,
  screens: OpenScreens,
  input: { user: AuthUser | null; request: FastifyRequest; reply: FastifyReply; qrId: number; words: ProgrammeWords },
) {
  const { user, request, reply, words } = input;
  const { qr, grant } = await counterScreenAccess(deps.db, user, request, input.qrId);
  const lease = await takeLease(deps.db, grant.holder);
  const stream = new PassThrough();
  let stopping: Promise<void> | null = null;
  const unsubscribers: (() => void)[] = [];
  const stop = () =>
    (stopping ??= (async () => {
      clearInterval(heartbeat);
      unsubscribers.forEach((unsubscribe) => unsubscribe());
      screens.delete(stop);
      stream.end();
      await endLease(deps.db, lease).catch((error: unknown) => request.log.warn({ err: error }, "counter lease"));
    })());
  // One check at a time, and one more when asked during it (it may have read the door still
  // open); a stream whose door closed ends.
  let checking = false;
  let again = false;
  const check = async () => {
    if (stopping) return;
    if (checking) {
      again = true;
      return;
    }
    checking = true;
    do {
      again = false;
      try {
        if (!(await grantHolds(deps.db, grant))) await stop();
      } catch (error) {
        request.log.warn({ err: error }, "counter access check");
      }
    } while (again && !stopping);
    checking = false;
  };
  const heartbeat = setInterval(() => {
    // A screen that went away unnoticed (its socket closed before the listener was set).
    if (reply.raw.destroyed) return void stop();
    stream.write(`: ping\n\n`);
    void check();
    renewLeases(deps.db, [lease]).catch((error: unknown) => request.log.warn({ err: error }, "counter lease"));
  }, HEARTBEAT_MS);
  heartbeat.unref();
  screens.add(stop);
  // The response's close: the screen went away (the request's own fires once it is read).
  reply.raw.once("close", () => void stop());
  stream.once("close", () => void stop());
  try {
    // The browser's EventSource waits this long before reconnecting after a drop.
    stream.write(`retry: 2000\n: connected\n\n`);
    // A screen gone while these were set up lets go of them at once.
    const hold = (unsubscribe: () => void) => (stopping ? unsubscribe() : unsubscribers.push(unsubscribe));
    // One stamp after the other, each with its balance's text: in the order they came.
    let sending = Promise.resolve();
    hold(
      await deps.counterFeed.subscribe(qr.id, (stamp) => {
        sending = sending.then(async () => {
          const shown = await withBalanceText(deps.db, qr, stamp, words).catch((error: unknown) => {
            request.log.warn({ err: error }, "counter balance");
            return stamp;
          });
          if (!stopping) stream.write(`event: stamp\ndata: ${JSON.stringify(shown)}\n\n`);
        });
      }),
    );
    hold(await deps.counterFeed.watchDoors(grant.users, () => void check()));
  } catch (error) {
    await stop();
    throw error;
  }
  // A door that closed while this stream was opening.
  void check();
  return stream;
}
