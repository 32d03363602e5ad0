import type { Mail } from "./mail";
import type { OtpPurpose } from "../../../lib/contract/fields";

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function layout(appName: string, title: string, paragraphs: string[], code?: string): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escape(p)}</p>`);
  const codeBlock = code
    ? `<p style="margin:24px 0;font-size:32px;letter-spacing:8px;font-weight:700;font-family:monospace">${code}</p>`
    : "";
  return `<!doctype html><html><body style="margin:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2430">
<div style="max-width:520px;margin:32px auto;background:#fff;border-radius:12px;padding:32px">
<p style="margin:0 0 24px;font-weight:700;color:#4f46e5">${escape(appName)}</p>
<h1 style="margin:0 0 16px;font-size:20px">${escape(title)}</h1>
${body[0] ?? ""}${codeBlock}${body.slice(1).join("")}
</div></body></html>`;
}

export function otpMail(appName: string, to: string, purpose: OtpPurpose, code: string): Mail {
  const what = purpose === "register" ? "confirm your email address" : "reset your password";
  const title = purpose === "register" ? "Confirm your email address" : "Reset your password";
  const lines = [
    `Use this code to ${what} for ${appName}:`,
    "The code expires in 10 minutes. If you did not ask for it, you can ignore this email.",
  ];
  return {
    kind: `otp-${purpose}`,
    to,
    subject: `${code} is your ${appName} code`,
    text: `${title}\n\n${lines[0]}\n\n    ${code}\n\n${lines[1]}\n\n— ${appName}\n`,
    html: layout(appName, title, lines, code),
  };
}

/** The staff invite: who invites, to what, and the link (valid 7 days, single use). */
export function staffInviteMail(appName: string, to: string, ownerName: string, link: string): Mail {
  const title = `${ownerName} invited you to their team`;
  const lines = [
    `${ownerName} added you as staff on ${appName}, to scan customers' cards and hand out rewards.`,
    `Open this link to choose your password: ${link}`,
    "The link works once and expires in 7 days. If you did not expect it, you can ignore this email.",
  ];
  return {
    kind: "staff-invite",
    to,
    subject: `${ownerName} invited you to ${appName}`,
    text: `${title}\n\n${lines.join("\n\n")}\n\n— ${appName}\n`,
    html: layout(appName, title, lines),
  };
}

/** wallet-recover: the code that opens a customer's card on another device. */
export function walletCodeMail(appName: string, to: string, businessName: string, code: string): Mail {
  const title = `Your ${businessName} card`;
  const lines = [
    `Use this code to open your ${businessName} loyalty card on this device:`,
    "The code expires in 10 minutes. If you did not ask for it, you can ignore this email.",
  ];
  return {
    kind: "wallet-code",
    to,
    subject: `${code} is your ${businessName} card code`,
    text: `${title}\n\n${lines[0]}\n\n    ${code}\n\n${lines[1]}\n\n— ${appName}\n`,
    html: layout(appName, title, lines, code),
  };
}
