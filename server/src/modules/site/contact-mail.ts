import type { z } from "zod";
import type { contactUsBody } from "../../../../contract/site";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { onceOutside } from "../../services/effects";
import type { JobQueue, Jobs } from "../../services/jobs";
import type { Mail, Mailer } from "../../services/mail";

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Shown as the recipient in the log and mail_outbox when CONTACT_EMAIL is not set. */
export const NO_CONTACT_EMAIL = "operator (CONTACT_EMAIL not set)";

/** The operator's copy of a contact-form message; the sender's text is escaped in the HTML part. */
export function contactMail(
  body: z.output<typeof contactUsBody>,
  id: number,
  config: Pick<Config, "appName" | "contactEmail">,
): Mail {
  const rows: [string, string][] = [
    ["Name", body.name],
    ["Email", body.email],
    ["Phone", body.phone_number],
    ["Company", body.company_name || "(not given)"],
  ];
  const text = `${rows.map(([k, v]) => `${k}: ${v}`).join("\n")}\n\n${body.message}\n\n(contact message #${id})\n`;
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2430">
<h1 style="font-size:18px">New contact message #${id}</h1>
<table>${rows.map(([k, v]) => `<tr><th align="left" style="padding-right:12px">${k}</th><td>${escape(v)}</td></tr>`).join("")}</table>
<p style="white-space:pre-wrap;line-height:1.5">${escape(body.message)}</p>
</body></html>`;
  return {
    kind: "contact",
    to: config.contactEmail ?? NO_CONTACT_EMAIL,
    // A header must not carry the sender's line breaks.
    subject: `${config.appName} contact: ${body.name}${body.company_name ? ` (${body.company_name})` : ""}`.replace(
      /\s+/g,
      " ",
    ),
    text,
    html,
  };
}

export type ContactMailJob = JobQueue<Mail>;

/**
 * The operator's copy of each contact message, sent by `deps.mailer` (app.ts gives the log-only mailer
 * when CONTACT_EMAIL is not set: there is no one to send to, even with SMTP). The message is stored
 * either way. Once per message, even when the job runs again after its worker died.
 */
export function registerContactMail(jobs: Jobs, deps: { db: Db; mailer: Mailer }): ContactMailJob {
  return jobs.work<Mail>("contact-mail", (mail, job) =>
    onceOutside(deps.db, { kind: "contact-mail", source: job.id }, "sent", () => deps.mailer.send(mail)),
  );
}
