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

/** The longest a user-chosen name (an owner's, a business's) stands in a mail. */
export const MAIL_NAME_MAX = 40;

/**
 * A name someone typed, made fit for a mail's subject and text: line breaks, control and
 * invisible formatting characters (bidi overrides) become spaces, and it is shortened with an
 * ellipsis. Names are ours to show, not a way to write a stranger a message of one's own.
 */
export function nameForMail(name: string, max = MAIL_NAME_MAX): string {
  const clean = name
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  const chars = [...clean];
  return chars.length <= max
    ? clean
    : `${chars
        .slice(0, max - 1)
        .join("")
        .trimEnd()}…`;
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
export function staffInviteMail(appName: string, to: string, owner: string, link: string): Mail {
  const ownerName = nameForMail(owner);
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
export function walletCodeMail(appName: string, to: string, business: string, code: string): Mail {
  const businessName = nameForMail(business);
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
