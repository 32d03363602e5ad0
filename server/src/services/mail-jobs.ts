import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client";
import { onceOutside } from "./effects";
import type { Mail } from "./mail";

const MAIL_QUEUE = "mail";

/**
 * Mail leaves the request as a job: the call writes it (with the code or invite it carries, in
 * the same transaction), a worker hands it to the mailer, retried while SMTP fails. The job row
 * is deleted once sent or given up: a one-time code is not kept in clear (services/jobs.ts). A job
 * run again after its mail went out (its worker died before the job was done) sends nothing: the
 * send is recorded by the job's id in job_effects, which holds no address and no code.
 */
export function registerMailJobs(app: FastifyInstance) {
  app.jobs.work<Mail>(
    MAIL_QUEUE,
    (mail, job) => onceOutside(app.db, { kind: "mail", source: job.id }, "sent", () => app.mailer.send(mail)),
    { forget: true, expireInSeconds: 60 },
  );
}

/** Sends `mail` once `tx` commits (`app.db` when the call has no transaction of its own). */
export const queueMail = (app: FastifyInstance, tx: Db, mail: Mail) => app.jobs.enqueue(tx, MAIL_QUEUE, mail);
