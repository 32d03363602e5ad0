import type { FastifyInstance } from "fastify";
import { calls } from "../../../../../contract/calls";
import { route } from "../../../http/route";
import { ownBusiness } from "../../businesses/owned";
import { estimateSms } from "./estimate";
import { checkTwilioRequest, inboundSms, smsStatus, type SmsHookDeps } from "./hooks";

/** SMS: the estimate before sending, and Twilio's webhooks (signed: X-Twilio-Signature). */
export function smsRoutes(app: FastifyInstance, deps: SmsHookDeps) {
  route(app, calls.smsEstimate, async ({ user, body }) => {
    await ownBusiness(deps.db, user.id, body.business_id);
    return {
      message: "reach.smsEstimate",
      data: await estimateSms(deps.db, user.id, body, Boolean(deps.config.twilio)),
    };
  });

  route(app, calls.twilioInbound, async ({ body, request }) => {
    checkTwilioRequest(deps, request);
    const reply = await inboundSms(deps, body);
    return {
      message: "reach.smsReceived",
      file: { body: Buffer.from(reply, "utf8"), contentType: "text/xml; charset=utf-8", headers: {} },
    };
  });

  route(app, calls.twilioStatus, async ({ body, request }) => {
    checkTwilioRequest(deps, request);
    await smsStatus(deps, body);
    return { message: "reach.smsStatus", data: null };
  });
}
