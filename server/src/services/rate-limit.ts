import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { tooManyRequests } from "../http/errors";

export type Limit = { max: number; windowSeconds: number };

/** The limits of the auth calls, per client IP and per email. */
export const limits = {
  loginPerEmail: { max: 10, windowSeconds: 15 * 60 },
  loginPerIp: { max: 60, windowSeconds: 15 * 60 },
  otpPerEmail: { max: 10, windowSeconds: 15 * 60 },
  otpPerIp: { max: 60, windowSeconds: 15 * 60 },
  registerPerIp: { max: 30, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;

export type RateLimiter = { hit(key: string, limit: Limit): Promise<void> };

/**
 * Fixed-window counters in the database, so several API instances share them. `hit` counts one
 * attempt and throws 429 (with Retry-After) once the window's allowance is spent.
 */
export function createRateLimiter(db: Db, factor = 1): RateLimiter {
  return {
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
        throw tooManyRequests(
          Number(row.retry_after),
          `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
        );
      }
    },
  };
}
