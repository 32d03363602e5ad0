import { isRightToLeft } from "../../../contract/locales";
import type { Translate } from "../i18n";
import type { Mail } from "./mail";
import { nameForMail } from "./mail-templates";

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A stored colour, when it is one (`#rgb` / `#rrggbb`); else ours. */
const colour = (value: string | null | undefined, fallback: string) =>
  value && /^#[0-9a-f]{3}([0-9a-f]{3})?$/i.test(value) ? value : fallback;

/** The business a customer's mail comes from: its name, colours and logo (an absolute URL). */
export type MailBrand = {
  name: string;
  background?: string | null;
  foreground?: string | null;
  logoUrl?: string | null;
};

/** Where every customer mail links: the one-click unsubscribe and the card's preferences page. */
export type CustomerLinks = { unsubscribe: string; preferences: string; mailto?: string };

/**
 * `List-Unsubscribe` (the one-click URL, a mailto only when an address is configured) and
 * `List-Unsubscribe-Post` (RFC 8058): a mail client's POST to the URL unsubscribes at once.
 */
export function unsubscribeHeaders(links: CustomerLinks): Record<string, string> {
  const targets = [`<${links.unsubscribe}>`, ...(links.mailto ? [`<mailto:${links.mailto}?subject=unsubscribe>`] : [])];
  return { "List-Unsubscribe": targets.join(", "), "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

type Button = { label: string; href: string };
export type CustomerMailButton = Button;

/**
 * A customer mail in the business's colours and logo, built with MJML (responsive HTML that mail
 * clients render alike), with its plain-text part and the unsubscribe headers and footer.
 */
export async function customerMail(input: {
  kind: string;
  to: string;
  subject: string;
  title: string;
  paragraphs: string[];
  buttons: Button[];
  brand: MailBrand;
  links: CustomerLinks;
  t: Translate;
}): Promise<Mail> {
  const { t, brand, links } = input;
  const business = nameForMail(brand.name);
  const background = colour(brand.background, "#4f46e5");
  const foreground = colour(brand.foreground, "#ffffff");
  const dir = isRightToLeft(t.locale) ? "rtl" : "ltr";
  const why = t("mail.customer.why", { business });
  const preferences = t("mail.customer.preferences");
  const unsubscribe = t("mail.customer.unsubscribe");
  const header = brand.logoUrl
    ? `<mj-image src="${escape(brand.logoUrl)}" alt="${escape(business)}" width="96px" padding="16px" />`
    : `<mj-text align="center" color="${foreground}" font-size="20px" font-weight="700">${escape(business)}</mj-text>`;
  const buttons = input.buttons
    .map(
      (b) =>
        `<mj-button href="${escape(b.href)}" background-color="${background}" color="${foreground}" border-radius="8px">${escape(b.label)}</mj-button>`,
    )
    .join("");
  const source = `<mjml lang="${t.locale}" dir="${dir}">
<mj-head><mj-title>${escape(input.subject)}</mj-title><mj-attributes><mj-all font-family="Arial, Helvetica, sans-serif" /></mj-attributes></mj-head>
<mj-body background-color="#f4f5f7">
<mj-section background-color="${background}" padding="8px">${`<mj-column>${header}</mj-column>`}</mj-section>
<mj-section background-color="#ffffff"><mj-column>
<mj-text font-size="20px" font-weight="700" color="#1f2430">${escape(input.title)}</mj-text>
${input.paragraphs.map((p) => `<mj-text font-size="15px" line-height="1.5" color="#1f2430">${escape(p)}</mj-text>`).join("")}
${buttons}
</mj-column></mj-section>
<mj-section><mj-column>
<mj-text font-size="12px" color="#5b6270">${escape(why)}</mj-text>
<mj-text font-size="12px"><a href="${escape(links.preferences)}">${escape(preferences)}</a> · <a href="${escape(links.unsubscribe)}">${escape(unsubscribe)}</a></mj-text>
</mj-column></mj-section>
</mj-body></mjml>`;
  // Loaded with the first customer mail: mjml's module tree (about 750 modules) is not needed to start.
  const { default: mjml2html } = await import("mjml");
  const { html } = await mjml2html(source, { validationLevel: "strict" });
  const text = [
    input.title,
    ...input.paragraphs,
    ...input.buttons.map((b) => `${b.label}: ${b.href}`),
    `— ${business}`,
    why,
    `${preferences}: ${links.preferences}`,
    `${unsubscribe}: ${links.unsubscribe}`,
  ].join("\n\n");
  return {
    kind: input.kind,
    to: input.to,
    subject: input.subject,
    text: `${text}\n`,
    html,
    headers: unsubscribeHeaders(links),
  };
}
