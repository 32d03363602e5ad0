import { and, eq, sql } from "drizzle-orm";
import { channelSends } from "../../db/schema";
import type { Jobs } from "../../services/jobs";
import type { Mailer } from "../../services/mail";
import type { ChannelSend, ChannelSender } from "./channel-sender";
import { cardMail, cardEmailRefusal, mailTarget, sendClaimed, type MailDeps } from "./customer-mail";

/** A page of a message's mails: the cards whose `email` send the dispatcher claimed. */
type MessageMailJob = { purpose: string; title: string; body: string; cardIds: number[] };

/**
 * The email channel's sender: the dispatcher claims each card's send, and this queue sends the
 * `claimed` rows, one mail each. A send is marked `unknown` just before the SMTP call, so a job run
 * again after its worker died never sends a mail twice; the rows it had not reached yet go out.
 */
export function registerMessageMail(jobs: Jobs, deps: MailDeps & { mailer: Mailer }): ChannelSender {
  const queue = jobs.work<MessageMailJob>("message-mail", async (job) => {
    for (const cardId of job.cardIds) {
      const send = { ...job, cardId };
      const [attempt] = await deps.db
        .update(channelSends)
        .set({ status: "unknown", reason: "no_answer", updatedAt: sql`now()` })
        .where(
          and(
            eq(channelSends.cardId, send.cardId),
            eq(channelSends.channel, "email"),
            eq(channelSends.purpose, send.purpose),
            eq(channelSends.status, "claimed"),
          ),
        )
        .returning({ id: channelSends.id });
      if (!attempt) continue;
      const target = await mailTarget(deps.db, send.cardId);
      // Refused since it was claimed (unsubscribed, bounced): not sent.
      const refusal = target ? cardEmailRefusal(target) : "card_deleted";
      if (!target || refusal) {
        await deps.db
          .update(channelSends)
          .set({ status: "skipped", reason: refusal, updatedAt: sql`now()` })
          .where(eq(channelSends.id, attempt.id));
        continue;
      }
      const mail = await cardMail(deps, target, (t, { cardPage }) => ({
        kind: "customer-message",
        subject: send.title,
        title: send.title,
        paragraphs: [send.body],
        buttons: [{ label: t("mail.yourCard.open"), href: cardPage }],
      }));
      await sendClaimed(deps.db, deps.mailer, attempt.id, target.customer.id, mail);
    }
  });
  return {
    // A page's sends share the message: its words travel once.
    queue: (tx, sends: ChannelSend[], jobId) =>
      sends.length === 0
        ? Promise.resolve()
        : queue.enqueue(
            tx,
            {
              purpose: sends[0]!.purpose,
              title: sends[0]!.title,
              body: sends[0]!.body,
              cardIds: sends.map((s) => s.cardId),
            },
            { id: jobId },
          ),
  };
}
