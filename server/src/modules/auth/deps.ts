import type { OtpPurpose } from "../../../../contract/fields";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { JobQueue, Jobs } from "../../services/jobs";
import type { RateLimiter } from "../../services/rate-limit";

/** A code asked for by email (resend-otp, forgot-password), sent by a job when it has a use. */
export type CodeRequests = JobQueue<{ email: string; purpose: OtpPurpose }>;

/** What the auth module uses that the composition root (app.ts) creates. */
export type AuthDeps = {
  db: Db;
  limiter: RateLimiter;
  jobs: Jobs;
  config: Pick<Config, "appName">;
  codeRequests: CodeRequests;
};

/** What sending a code uses: everything but the code requests' queue (which sends codes with it). */
export type OtpDeps = Omit<AuthDeps, "codeRequests">;
