import type { TwilioConfig } from "../../../config";

/** What became of a message handed to Twilio. */
export type SmsOutcome =
  /** Twilio created the message (201): its sid and first status (`queued`, or `accepted` for a Messaging Service). */
  | { kind: "accepted"; sid: string; status: string }
  /** Twilio answered that it did not create it (a 4xx with its error code): never created, so never sent. */
  | { kind: "refused"; status: number; code: number | null }
  /** No answer, or one that does not say (a 5xx, a timeout, a dropped connection): it may have gone out. */
  | { kind: "unknown"; reason: string };

export type SmsSender = {
  send(message: { to: string; body: string; statusCallback: string }): Promise<SmsOutcome>;
};

/** How long a send waits for Twilio's answer before its outcome is unknown. */
const TIMEOUT_MS = 15_000;

/**
 * Twilio's Messages API: `POST {TWILIO_API_URL}/2010-04-01/Accounts/{AccountSid}/Messages.json`,
 * form-encoded To, From (or MessagingServiceSid for an `MG…` sender), Body and StatusCallback,
 * with HTTP basic auth (account SID and auth token). Twilio takes no idempotency key: a request
 * is made once, and whatever does not come back as a 201 or a 4xx is `unknown`.
 */
export function createTwilio(config: TwilioConfig): SmsSender {
  const url = `${config.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString("base64")}`;
  const sender: Record<string, string> = /^MG[0-9a-fA-F]{32}$/.test(config.from)
    ? { MessagingServiceSid: config.from }
    : { From: config.from };
  return {
    async send({ to, body, statusCallback }) {
      let res: Response;
      try {
        res = await fetch(url, {
          method: "POST",
          headers: {
            authorization,
            accept: "application/json",
            "content-type": "application/x-www-form-urlencoded",
          },
          body: new URLSearchParams({ To: to, ...sender, Body: body, StatusCallback: statusCallback }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        return { kind: "unknown", reason: (error as Error).name === "TimeoutError" ? "timeout" : "no_answer" };
      }
      const answer = (await res.json().catch(() => null)) as { sid?: unknown; status?: unknown; code?: unknown } | null;
      if (res.status === 201 || res.status === 200) {
        if (typeof answer?.sid === "string") {
          return {
            kind: "accepted",
            sid: answer.sid,
            status: typeof answer.status === "string" ? answer.status : "queued",
          };
        }
        return { kind: "unknown", reason: "no_sid" };
      }
      if (res.status >= 400 && res.status < 500) {
        return { kind: "refused", status: res.status, code: typeof answer?.code === "number" ? answer.code : null };
      }
      return { kind: "unknown", reason: `http_${res.status}` };
    },
  };
}
