import type { FastifyInstance } from "fastify";
import type { OtpPurpose } from "../../../../contract/fields";
import type { JobQueue } from "../../services/jobs";
import { findLiveUserByEmail } from "./profile";
import { pendingRegistration, sendOtp } from "./otp";

export type CodeRequests = JobQueue<{ email: string; purpose: OtpPurpose }>;

/** A code asked for by email (resend-otp, forgot-password): sent only when it has a use. */
export function registerCodeRequests(app: FastifyInstance): CodeRequests {
  return app.jobs.work<{ email: string; purpose: OtpPurpose }>("otp-request", async (request, job) => {
    // One code per request, however often the job runs.
    const once = { kind: "otp-request", source: job.id };
    const user = await findLiveUserByEmail(app.db, request.email);
    if (request.purpose === "forgot-password") {
      if (user?.emailVerifiedAt) await sendOtp(app, request.email, request.purpose, null, once);
    } else if (!user?.emailVerifiedAt) {
      const registration = await pendingRegistration(app, request.email);
      if (registration || user) await sendOtp(app, request.email, request.purpose, registration, once);
    }
  });
}
