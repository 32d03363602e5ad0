import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import { mailOutbox } from "../db/schema";

/**
 * `kind` names the template (`otp`, `staff-invite`, …): it is what the log says of a mail. A mail's
 * subject and text may carry a one-time code or a sign-in link, so they never reach the log.
 */
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind?: string;
  /** Extra headers (a customer mail's List-Unsubscribe); the local outbox does not keep them. */
  headers?: Record<string, string>;
};

export type Mailer = { send(mail: Mail): Promise<void>; close(): void };

/** `jane@example.com` → `j…@example.com`: enough to tell mails apart in a log, not to harvest them. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  return at > 0 ? `${email[0]}…${email.slice(at)}` : "…";
}

/** What the log records of a mail: who (masked) and which template, never its words. */
const logFields = (mail: Mail) => ({ to: maskEmail(mail.to), kind: mail.kind ?? "mail" });

/** `2026-11-25T08-10-00-123Z-otp-register-3f9a1c.txt`: sortable, one file a mail, no address in the name. */
function mailFileName(mail: Mail, now = new Date()) {
  const kind = (mail.kind ?? "mail").replace(/[^\w-]/g, "_");
  return `${now.toISOString().replace(/:/g, "-")}-${kind}-${randomBytes(3).toString("hex")}.txt`;
}

/**
 * SMTP when SMTP_URL is set. Otherwise (a local run; production refuses to start without SMTP)
 * every mail is kept in the mail_outbox table and, when `mailDir` is set, written there as a
 * text file, the local mailbox where a developer reads the codes; the log says only where it went.
 */
export function createMailer(options: {
  smtpUrl?: string;
  mailDir?: string;
  from: string;
  db: Db;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        const { kind: _kind, ...message } = mail;
        await transport.sendMail({ from: options.from, ...message });
        options.log.info(logFields(mail), "mail sent");
      },
      close: () => transport.close(),
    };
  }
  return {
    async send(mail) {
      const { kind: _kind, headers: _headers, ...row } = mail;
      await options.db.insert(mailOutbox).values(row);
      let file: string | undefined;
      if (options.mailDir) {
        await fs.mkdir(options.mailDir, { recursive: true, mode: 0o700 });
        file = path.join(options.mailDir, mailFileName(mail));
        const headers = `To: ${mail.to}\nSubject: ${mail.subject}\n\n`;
        await fs.writeFile(file, headers + mail.text, { mode: 0o600 });
      }
      options.log.info({ ...logFields(mail), file }, "mail kept locally (no SMTP_URL)");
    },
    close: () => {},
  };
}
