import { and, asc, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import { STAFF_ALERT_DAYS, STAFF_MATCH_MINUTES } from "../../../../contract/analytics";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { businesses, users } from "../../db/schema";
import { localeOrDefault, translator } from "../../i18n";
import { claimEffect } from "../../services/effects";
import type { Jobs } from "../../services/jobs";
import { queueMail } from "../../services/mail-jobs";
import { layout, nameForMail } from "../../services/mail-templates";
import type { Mail } from "../../services/mail";
import { staffEarns, type StaffRow } from "./staff";

export type StaffAlertDeps = { db: Db; jobs: Jobs; config: Pick<Config, "appName" | "publicAppUrl"> };

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Businesses one page of the daily run reads. */
const ALERT_PAGE = 200;

/** The mail that tells the owner which staff members' earns went above their threshold. */
function staffAlertMail(
  config: StaffAlertDeps["config"],
  owner: { email: string; locale: string | null },
  business: { name: string; percent: number },
  period: { from: string; to: string },
  flagged: StaffRow[],
): Mail {
  const t = translator(localeOrDefault(owner.locale));
  const percent = new Intl.NumberFormat(t.locale, { style: "percent", maximumFractionDigits: 0 });
  const date = new Intl.DateTimeFormat(t.locale, { dateStyle: "long", timeZone: "UTC" });
  const long = (day: string) => date.format(new Date(`${day}T00:00:00Z`));
  const name = nameForMail(business.name);
  const title = t("mail.staffAlert.title", { business: name });
  const intro = t("mail.staffAlert.intro", {
    from: long(period.from),
    to: long(period.to),
    percent: percent.format(business.percent / 100),
    minutes: STAFF_MATCH_MINUTES,
  });
  const rows = flagged.map((row) =>
    t("mail.staffAlert.row", {
      name: nameForMail(row.name),
      unmatched: row.unmatched ?? 0,
      earns: row.earns,
      share: percent.format(row.unmatched_share ?? 0),
    }),
  );
  const link = t("mail.staffAlert.link", { link: `${config.publicAppUrl}/dashboard/insights` });
  const paragraphs = [intro, ...rows, link];
  return {
    kind: "staff-alert",
    to: owner.email,
    subject: t("mail.staffAlert.subject", { business: name }),
    text: `${title}\n\n${paragraphs.join("\n\n")}\n\n— ${config.appName}\n`,
    html: layout(config.appName, title, paragraphs, undefined, t),
  };
}

/**
 * The daily staff alerts of `now`'s day: every business whose owner set a threshold and that has a
 * till connected is read over the STAFF_ALERT_DAYS full UTC days before that day; when a staff
 * member's unmatched share is above the threshold (with the minimum of earns), the owner gets one
 * mail, in their language, naming every such member. The mail is claimed per business and day in
 * job_effects in the transaction that queues it, so a second run that day sends nothing.
 */
export async function staffAlertMails(deps: StaffAlertDeps, now = new Date()): Promise<{ mailed: number }> {
  const today = dayOf(now.getTime());
  const todayStart = Date.parse(`${today}T00:00:00Z`);
  const period = { from: dayOf(todayStart - STAFF_ALERT_DAYS * DAY_MS), to: dayOf(todayStart - DAY_MS) };
  const start = `${period.from}T00:00:00Z`;
  const end = `${today}T00:00:00Z`;
  let mailed = 0;
  let afterId = 0;
  for (;;) {
    const page = await deps.db
      .select({
        id: businesses.id,
        name: businesses.businessName,
        percent: businesses.staffAlertPercent,
        email: users.email,
        locale: users.locale,
      })
      .from(businesses)
      .innerJoin(users, eq(users.id, businesses.userId))
      .where(
        and(
          gt(businesses.id, afterId),
          isNotNull(businesses.staffAlertPercent),
          isNull(users.deletedAt),
          sql`exists (select 1 from pos_connections p where p.business_id = ${businesses.id})`,
        ),
      )
      .orderBy(asc(businesses.id))
      .limit(ALERT_PAGE);
    for (const business of page) {
      const { staff } = await staffEarns(deps.db, business.id, start, end);
      const flagged = staff.filter((row) => row.alert);
      if (flagged.length === 0) continue;
      const mail = staffAlertMail(
        deps.config,
        business,
        { name: business.name, percent: business.percent! },
        period,
        flagged,
      );
      const sent = await deps.db.transaction(async (tx) => {
        if (!(await claimEffect(tx, { kind: "staff-alert", source: `${business.id}:${today}` }, "owner"))) {
          return false;
        }
        await queueMail(deps, tx, mail);
        return true;
      });
      if (sent) mailed++;
    }
    if (page.length < ALERT_PAGE) break;
    afterId = page.at(-1)!.id;
  }
  return { mailed };
}

/** Every day at 06:47 UTC, on one instance however many run. */
export const STAFF_ALERT_CRON = "47 6 * * *";

export function scheduleStaffAlerts(jobs: Jobs, deps: Omit<StaffAlertDeps, "jobs">) {
  jobs.schedule("staff-alerts", STAFF_ALERT_CRON, () => staffAlertMails({ ...deps, jobs }));
}
