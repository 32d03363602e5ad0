import type { FastifyServerOptions } from "fastify";
import type { Config } from "./config";

/** Paths pino blanks out wherever they appear in a log line: secrets never reach the logs. */
export const redactPaths = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  "*.password",
  "*.password_confirmation",
  "*.current_password",
  "*.auth_token",
  "*.reset_token",
  "*.token",
  "*.otp",
  "*.secret",
  "*.access_token",
];

/** Query parameters whose values are secrets (invite tokens, QR tokens) are cut from logged URLs. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|qr_token|reset_token|auth_token|secret)=)[^&]*/gi, "$1[Redacted]");
}

/** Where log lines go instead of stdout (benches running the app in their own process). */
export type LogStream = { write(line: string): void };

export function loggerOptions(config: Config, stream?: LogStream): FastifyServerOptions["logger"] {
  return {
    level: config.logLevel,
    ...(stream && { stream }),
    redact: { paths: redactPaths, censor: "[Redacted]" },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
}
