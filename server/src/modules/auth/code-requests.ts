import type { OtpPurpose } from "../../../../contract/fields";
import type { Jobs } from "../../services/jobs";
import type { CodeRequests, OtpDeps } from "./deps";
import { findLiveUserByEmail } from "./profile";
import { pendingRegistration, sendOtp } from "./otp";

/** A code asked for by email (resend-otp, forgot-password): sent only when it has a use. */
export function registerCodeRequests(jobs: Jobs, deps: OtpDeps): CodeRequests {
  return jobs.work<{ email: string; purpose: OtpPurpose }>("otp-request", async (request, job) => {
    // One code per request, however often the job runs.
    const once = { kind: "otp-request", source: job.id };
    const user = await findLiveUserByEmail(deps.db, request.email);
    if (request.purpose === "forgot-password") {
      if (user?.emailVerifiedAt) await sendOtp(deps, request.email, request.purpose, null, once);
    } else if (!user?.emailVerifiedAt) {
      const registration = await pendingRegistration(deps.db, request.email);
      if (registration || user) await sendOtp(deps, request.email, request.purpose, registration, once);
    }
  });
}
