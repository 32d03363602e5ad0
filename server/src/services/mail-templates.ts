import type { Mail } from "./mail";
import type { OtpPurpose } from "../../../contract/fields";
import { isRightToLeft } from "../../../contract/locales";
import { translator, type Translate } from "../i18n";

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A mail's HTML: the app's name, a title, paragraphs (a code after the first), in the reader's direction. */
export function layout(
  appName: string,
  title: string,
  paragraphs: string[],
  code: string | undefined,
  t: Translate,
): string {
  const locale = t.locale;
  const dir = isRightToLeft(locale) ? "rtl" : "ltr";
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escape(p)}</p>`);
  const codeBlock = code
    ? `<p style="margin:24px 0;font-size:32px;letter-spacing:8px;font-weight:700;font-family:monospace" dir="ltr">${code}</p>`
    : "";
  // The code reads left to right in an Arabic mail too.
  return `<!doctype html><html lang="${locale}" dir="${dir}"><body style="margin:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2430">
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

/** `t`: the words in the reader's language (server/src/i18n); English when none is given. */
export function otpMail(
  appName: string,
  to: string,
  purpose: OtpPurpose,
  code: string,
  t: Translate = translator("en"),
): Mail {
  const title = t(`mail.otp.${purpose}.title`);
  const lines = [t(`mail.otp.${purpose}.intro`, { appName }), t("mail.code.expiry")];
  return {
    kind: `otp-${purpose}`,
    to,
    subject: t("mail.otp.subject", { code, appName }),
    text: `${title}\n\n${lines[0]}\n\n    ${code}\n\n${lines[1]}\n\n— ${appName}\n`,
    html: layout(appName, title, lines, code, t),
  };
}

/** The staff invite: who invites, to what, and the link (valid 7 days, single use). */
export function staffInviteMail(
  appName: string,
  to: string,
  owner: string,
  link: string,
  t: Translate = translator("en"),
): Mail {
  const ownerName = nameForMail(owner);
  const title = t("mail.invite.title", { owner: ownerName });
  const lines = [
    t("mail.invite.intro", { owner: ownerName, appName }),
    t("mail.invite.link", { link }),
    t("mail.invite.expiry"),
  ];
  return {
    kind: "staff-invite",
    to,
    subject: t("mail.invite.subject", { owner: ownerName, appName }),
    text: `${title}\n\n${lines.join("\n\n")}\n\n— ${appName}\n`,
    html: layout(appName, title, lines, undefined, t),
  };
}

/** wallet-recover: the code that opens a customer's card on another device. */
export function walletCodeMail(
  appName: string,
  to: string,
  business: string,
  code: string,
  t: Translate = translator("en"),
): Mail {
  const businessName = nameForMail(business);
  const title = t("mail.walletCode.title", { business: businessName });
  const lines = [t("mail.walletCode.intro", { business: businessName }), t("mail.code.expiry")];
  return {
    kind: "wallet-code",
    to,
    subject: t("mail.walletCode.subject", { code, business: businessName }),
    text: `${title}\n\n${lines[0]}\n\n    ${code}\n\n${lines[1]}\n\n— ${appName}\n`,
    html: layout(appName, title, lines, code, t),
  };
}
