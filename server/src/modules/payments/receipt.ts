import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { coupons, payments, plans, users } from "../../db/schema";
import type { Mail } from "../../services/mail";
import { money } from "./money";
import { isRightToLeft } from "../../../../contract/locales";
import { localeOrDefault, translator } from "../../i18n";
import type { PaymentDeps } from "./deps";

type ReceiptDeps = Pick<PaymentDeps, "db" | "config">;

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A succeeded payment with what its receipt shows, scoped to its owner when `ownerId` is given. */
async function receiptData(db: Db, paymentId: number, ownerId?: number) {
  const [row] = await db
    .select({ payment: payments, plan: plans, user: users, coupon: coupons.code })
    .from(payments)
    .innerJoin(plans, eq(plans.id, payments.planId))
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(coupons, eq(coupons.id, payments.couponId))
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.status, "succeeded"),
        ownerId === undefined ? undefined : eq(payments.userId, ownerId),
      ),
    )
    .limit(1);
  if (!row) return null;
  const { payment, plan } = row;
  // The owner's language (their profile's), else English.
  const locale = localeOrDefault(row.user.locale);
  const t = translator(locale);
  const day = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" });
  const what =
    payment.mode === "newUser"
      ? t("mail.receipt.plan", { plan: plan.name, interval: plan.interval })
      : t(payment.mode === "businessPayment" ? "mail.receipt.extraBusiness" : "mail.receipt.extraAddress");
  const lines: [string, string][] = [
    [t("mail.receipt.number"), `R-${String(payment.id).padStart(6, "0")}`],
    [t("mail.receipt.date"), day.format(payment.succeededAt ?? payment.createdAt)],
    [t("mail.receipt.billedTo"), `${row.user.name} <${row.user.email}>`],
    [t("mail.receipt.item"), what],
    ...(payment.periodStart && payment.periodEnd
      ? [
          [t("mail.receipt.period"), `${day.format(payment.periodStart)} – ${day.format(payment.periodEnd)}`] as [
            string,
            string,
          ],
        ]
      : []),
    [t("mail.receipt.price"), money(payment.listAmountMinor, payment.currency)],
    ...(payment.discountMinor > 0
      ? [
          [
            t("mail.receipt.discount", { coupon: row.coupon ?? "" }),
            `−${money(payment.discountMinor, payment.currency)}`,
          ] as [string, string],
        ]
      : []),
    [t("mail.receipt.paid"), money(payment.amountMinor, payment.currency)],
    [
      t("mail.receipt.reference"),
      `${payment.provider === "sandbox" ? `${t("mail.receipt.testMode")} ` : ""}${payment.providerRef ?? ""}`,
    ],
  ];
  return { payment, user: row.user, what, lines, t };
}

export async function receiptHtml(deps: ReceiptDeps, paymentId: number, ownerId: number): Promise<string | null> {
  const data = await receiptData(deps.db, paymentId, ownerId);
  if (!data) return null;
  const rows = data.lines
    .map(
      ([k, v]) =>
        `<tr><th style="text-align:start;padding-block:6px;padding-inline:0 16px">${escape(k)}</th><td>${escape(v)}</td></tr>`,
    )
    .join("");
  const appName = escape(deps.config.appName);
  const { t } = data;
  const dir = isRightToLeft(t.locale) ? "rtl" : "ltr";
  return `<!doctype html><html lang="${t.locale}" dir="${dir}"><head><meta charset="utf-8"><title>${appName} ${escape(t("mail.receipt.heading"))} ${escape(data.lines[0]![1])}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2430;max-width:640px;margin:32px auto;padding:0 16px">
<p style="font-weight:700;color:#4f46e5">${appName}</p><h1 style="font-size:22px">${escape(t("mail.receipt.heading"))}</h1>
<table style="border-collapse:collapse">${rows}</table>
<p style="margin-top:24px;color:#555">${escape(t("mail.receipt.thanks"))}</p></body></html>`;
}

export async function receiptMail(deps: ReceiptDeps, paymentId: number): Promise<Mail | null> {
  const data = await receiptData(deps.db, paymentId);
  if (!data) return null;
  const appName = deps.config.appName;
  const text = data.lines.map(([k, v]) => `${k}: ${v}`).join("\n");
  const link = `${deps.config.publicAppUrl}/dashboard/plans`;
  return {
    kind: "receipt",
    to: data.user.email,
    subject: data.t("mail.receipt.subject", { appName, what: data.what }),
    text: `${data.t("mail.receipt.thanks")}\n\n${text}\n\n${data.t("mail.receipt.online", { link })}\n\n— ${appName}\n`,
    html: (await receiptHtml(deps, paymentId, data.payment.userId)) ?? undefined,
  };
}
