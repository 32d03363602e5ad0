import type { Db } from "../db/client";
import { onceOutside } from "./effects";
import type { Jobs } from "./jobs";
import type { Mail, Mailer } from "./mail";

const MAIL_QUEUE = "mail";

/**
 * Mail leaves the request as a job: the call writes it (with the code or invite it carries, in
 * the same transaction), a worker hands it to the mailer, retried while SMTP fails. The job row
 * is deleted once sent or given up: a one-time code is not kept in clear (services/jobs.ts). A job
 * run again after its mail went out (its worker died before the job was done) sends nothing: the
 * send is recorded by the job's id in job_effects, which holds no address and no code.
 */
export function registerMailJobs(jobs: Jobs, deps: { db: Db; mailer: Mailer }) {
  jobs.work<Mail>(
    MAIL_QUEUE,
    (mail, job) => onceOutside(deps.db, { kind: "mail", source: job.id }, "sent", () => deps.mailer.send(mail)),
    { forget: true, expireInSeconds: 60 },
  );
}

/** Sends `mail` once `tx` commits (the database itself when the call has no transaction of its own). */
export const queueMail = (deps: { jobs: Jobs }, tx: Db, mail: Mail) => deps.jobs.enqueue(tx, MAIL_QUEUE, mail);
