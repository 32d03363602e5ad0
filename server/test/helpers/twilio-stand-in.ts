import http from "node:http";
import type { AddressInfo } from "node:net";
import { twilioSignature } from "../../src/modules/reach/sms/signature";

export type StandInMessage = { sid: string; to: string; from: string; body: string; statusCallback: string };

/**
 * A local server speaking the part of Twilio's API the product uses: Create a Message
 * (`POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded To, From or
 * MessagingServiceSid, Body, StatusCallback; HTTP basic auth with the account SID and auth token).
 * It answers as Twilio documents: 201 with the message resource (`sid` SM…, `status` queued), and
 * errors as `{ code, message, more_info, status }`: 401 (20003) for other credentials, 400 (21211)
 * for a To that is not E.164, 21602 without a Body. `answerNext` makes the next requests answer a
 * given status and code. `statusCallback` makes a status callback
 * for the message's StatusCallback, and `inbound` an incoming message, both signed as Twilio signs them
 * (X-Twilio-Signature), for the caller to post.
 */
export async function startTwilioStandIn(accountSid: string, authToken: string) {
  const messages: StandInMessage[] = [];
  const requests: { path: string; params: Record<string, string> }[] = [];
  const planned: { status: number; code: number }[] = [];
  let counter = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const params = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
      requests.push({ path: req.url ?? "", params });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      const error = (status: number, code: number, message: string) =>
        send(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
      const next = planned.shift();
      if (next) return error(next.status, next.code, "Planned failure.");
      const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
      if (req.headers.authorization !== expected) return error(401, 20003, "Authenticate");
      if (req.method !== "POST" || req.url !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) {
        return error(404, 20404, "The requested resource was not found");
      }
      if (!/^\+[1-9]\d{1,14}$/.test(params.To ?? ""))
        return error(400, 21211, `The 'To' number ${params.To} is not a valid phone number.`);
      if (!params.Body) return error(400, 21602, "Message body is required.");
      if (!params.From && !params.MessagingServiceSid) return error(400, 21603, "A 'From' phone number is required.");
      const sid = `SM${(++counter).toString(16).padStart(32, "0")}`;
      const message = {
        sid,
        to: params.To!,
        from: params.From ?? params.MessagingServiceSid!,
        body: params.Body,
        statusCallback: params.StatusCallback ?? "",
      };
      messages.push(message);
      const now = new Date().toUTCString();
      send(201, {
        account_sid: accountSid,
        api_version: "2010-04-01",
        body: message.body,
        date_created: now,
        date_sent: null,
        date_updated: now,
        direction: "outbound-api",
        error_code: null,
        error_message: null,
        from: params.From ?? null,
        messaging_service_sid: params.MessagingServiceSid ?? null,
        num_media: "0",
        num_segments: "1",
        price: null,
        price_unit: "USD",
        sid,
        status: "queued",
        to: message.to,
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    requests,
    /** The next `n` requests answer `status` with Twilio error `code`. */
    answerNext: (n: number, answer: { status: number; code: number }) => {
      for (let i = 0; i < n; i++) planned.push(answer);
    },
    /** The fields and signature of a status callback, for a caller that posts it itself (inject). */
    statusCallback: (message: StandInMessage, status: string, errorCode?: string) => {
      const params: Record<string, string> = {
        AccountSid: accountSid,
        ApiVersion: "2010-04-01",
        From: message.from,
        MessageSid: message.sid,
        MessageStatus: status,
        SmsSid: message.sid,
        SmsStatus: status,
        To: message.to,
        ...(errorCode && { ErrorCode: errorCode }),
      };
      return { params, signature: twilioSignature(authToken, message.statusCallback, params) };
    },
    /** The fields and signature of an incoming message from `from`, for the webhook at `url`. */
    inbound: (url: string, from: string, body: string) => {
      const params: Record<string, string> = {
        AccountSid: accountSid,
        ApiVersion: "2010-04-01",
        Body: body,
        From: from,
        MessageSid: `SM${(++counter).toString(16).padStart(32, "0")}`,
        NumMedia: "0",
        NumSegments: "1",
        SmsMessageSid: `SM${counter.toString(16).padStart(32, "0")}`,
        To: "+15005550006",
      };
      return { params, signature: twilioSignature(authToken, url, params) };
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
