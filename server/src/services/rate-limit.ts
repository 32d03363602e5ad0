import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { tooManyRequests } from "../http/errors";
import { sentence } from "../i18n/sentence";

export type Limit = { max: number; windowSeconds: number };

const MINUTES = 60;

/**
 * The limits of the auth calls. Password and code checks count FAILURES only (an attempt is
 * counted before the check, so parallel guesses cannot overshoot, and refunded when it succeeds),
 * keyed so that nobody can lock a known user out:
 * - per email AND client IP: the tight limit on guessing one account from one place;
 * - per client IP: one place spraying many accounts;
 * - per email alone: a slow ceiling against guessing from many addresses at once, high enough
 *   that reaching it takes a botnet, and lifted by a password reset.
 */
export const limits = {
  loginFailuresPerEmailIp: { max: 10, windowSeconds: 15 * MINUTES },
  loginFailuresPerIp: { max: 60, windowSeconds: 15 * MINUTES },
  loginFailuresPerEmail: { max: 100, windowSeconds: 60 * MINUTES },
  otpFailuresPerEmailIp: { max: 10, windowSeconds: 15 * MINUTES },
  otpFailuresPerIp: { max: 60, windowSeconds: 15 * MINUTES },
  otpFailuresPerEmail: { max: 30, windowSeconds: 60 * MINUTES },
  /** Code mails asked for (forgot-password, resend-otp), from one IP. */
  otpSendsPerIp: { max: 60, windowSeconds: 15 * MINUTES },
  registerPerIp: { max: 30, windowSeconds: 60 * MINUTES },
  /** Registrations of one email: each sends a code, so this also caps mail to a stranger. */
  registerPerEmail: { max: 5, windowSeconds: 60 * MINUTES },
  /** Wrong current passwords while signed in (password-update, user-soft-delete). */
  passwordChecksPerUser: { max: 5, windowSeconds: 15 * MINUTES },
} satisfies Record<string, Limit>;

export type RateLimiter = {
  /** Counts one attempt; throws 429 (with Retry-After) once the window's allowance is spent. */
  hit(key: string, limit: Limit): Promise<void>;
  /** Takes back one count: the attempt succeeded, so it was not a failure. */
  release(key: string): Promise<void>;
  /** Forgets a key's window (e.g. a password reset lifts the email's login ceiling). */
  reset(key: string): Promise<void>;
  /**
   * Counts an attempt against several limits at once and answers how to refund them all when
   * the attempt turns out to be a success: only failures stay counted.
   */
  attempt(checks: [key: string, limit: Limit][]): Promise<{ succeeded(): Promise<void> }>;
};

/**
 * Fixed-window counters in the database, so several API instances share them.
 */
export function createRateLimiter(db: Db, factor = 1): RateLimiter {
  const limiter: RateLimiter = {
    async hit(key, limit) {
      const max = Math.ceil(limit.max * factor);
      const result = (await db.execute(sql`
        insert into rate_limits (key, count, reset_at)
        values (${key}, 1, now() + make_interval(secs => ${limit.windowSeconds}))
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= now()
            then now() + make_interval(secs => ${limit.windowSeconds}) else rate_limits.reset_at end
        returning count, ceil(extract(epoch from reset_at - now()))::int as retry_after`)) as unknown as {
        rows: { count: number; retry_after: number }[];
      };
      const row = result.rows[0];
      if (row && Number(row.count) > max) {
        const minutes = Math.ceil(Number(row.retry_after) / 60);
        throw tooManyRequests(Number(row.retry_after), sentence("http.tooManyAttemptsMinutes", { minutes }));
      }
    },
    async release(key) {
      await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
    },
    async reset(key) {
      await db.execute(sql`delete from rate_limits where key = ${key}`);
    },
    async attempt(checks) {
      const counted: string[] = [];
      try {
        for (const [key, limit] of checks) {
          counted.push(key);
          await limiter.hit(key, limit);
        }
      } catch (error) {
        // A refused attempt checks nothing, so it is no failure either: give back what it took.
        for (const key of counted) await limiter.release(key);
        throw error;
      }
      return {
        async succeeded() {
          for (const key of counted) await limiter.release(key);
        },
      };
    },
  };
  return limiter;
}
