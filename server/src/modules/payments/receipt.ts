import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { coupons, payments, plans, users } from "../../db/schema";
import type { Mail } from "../../services/mail";
import { money } from "./money";

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
const day = new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" });

/** A succeeded payment with what its receipt shows, scoped to its owner when `ownerId` is given. */
async function receiptData(app: FastifyInstance, paymentId: number, ownerId?: number) {
  const [row] = await app.db
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
  const what =
    payment.mode === "newUser"
      ? `${plan.name} plan, one ${plan.interval}`
      : `One extra ${payment.mode === "businessPayment" ? "business" : "address"} (one-off fee)`;
  const lines: [string, string][] = [
    ["Receipt number", `R-${String(payment.id).padStart(6, "0")}`],
    ["Date", day.format(payment.succeededAt ?? payment.createdAt)],
    ["Billed to", `${row.user.name} <${row.user.email}>`],
    ["Item", what],
    ...(payment.periodStart && payment.periodEnd
      ? [["Period", `${day.format(payment.periodStart)} – ${day.format(payment.periodEnd)}`] as [string, string]]
      : []),
    ["Price", money(payment.listAmountMinor, payment.currency)],
    ...(payment.discountMinor > 0
      ? [[`Discount (${row.coupon})`, `−${money(payment.discountMinor, payment.currency)}`] as [string, string]]
      : []),
    ["Paid", money(payment.amountMinor, payment.currency)],
    ["Payment reference", `${payment.provider === "sandbox" ? "Test mode " : ""}${payment.providerRef ?? ""}`],
  ];
  return { payment, user: row.user, what, lines };
}

export async function receiptHtml(app: FastifyInstance, paymentId: number, ownerId: number): Promise<string | null> {
  const data = await receiptData(app, paymentId, ownerId);
  if (!data) return null;
  const rows = data.lines
    .map(
      ([k, v]) => `<tr><th style="text-align:left;padding:6px 16px 6px 0">${escape(k)}</th><td>${escape(v)}</td></tr>`,
    )
    .join("");
  const appName = escape(app.config.appName);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${appName} receipt ${escape(data.lines[0]![1])}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2430;max-width:640px;margin:32px auto;padding:0 16px">
<p style="font-weight:700;color:#4f46e5">${appName}</p><h1 style="font-size:22px">Receipt</h1>
<table style="border-collapse:collapse">${rows}</table>
<p style="margin-top:24px;color:#555">Thank you for your payment.</p></body></html>`;
}

export async function receiptMail(app: FastifyInstance, paymentId: number): Promise<Mail | null> {
  const data = await receiptData(app, paymentId);
  if (!data) return null;
  const appName = app.config.appName;
  const text = data.lines.map(([k, v]) => `${k}: ${v}`).join("\n");
  const link = `${app.config.publicAppUrl}/dashboard/plans`;
  return {
    kind: "receipt",
    to: data.user.email,
    subject: `Your ${appName} receipt: ${data.what}`,
    text: `Thank you for your payment.\n\n${text}\n\nYour receipts are also on ${link}\n\n— ${appName}\n`,
    html: (await receiptHtml(app, paymentId, data.payment.userId)) ?? undefined,
  };
}
