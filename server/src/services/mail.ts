import nodemailer from "nodemailer";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import { mailOutbox } from "../db/schema";

export type Mail = { to: string; subject: string; text: string; html?: string };

export type Mailer = { send(mail: Mail): Promise<void>; close(): void };

/**
 * SMTP when SMTP_URL is set; otherwise every mail is printed to the API log and kept in the
 * mail_outbox table, so a fresh machine works with no mail server.
 */
export function createMailer(options: { smtpUrl?: string; from: string; db: Db; log: FastifyBaseLogger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
        options.log.info({ to: mail.to, subject: mail.subject }, "mail sent");
      },
      close: () => transport.close(),
    };
  }
  return {
    async send(mail) {
      await options.db.insert(mailOutbox).values(mail);
      options.log.info(
        { to: mail.to, subject: mail.subject },
        `mail (no SMTP_URL, kept in mail_outbox):\n${mail.text}`,
      );
    },
    close: () => {},
  };
}
