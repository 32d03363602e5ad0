import sanitizeHtml from "sanitize-html";

/**
 * Shared by the API server (on save and on serve) and the web app (on render, whatever backend it
 * talks to). What a legal page may contain: headings, text, lists, tables and links. No scripts, no event
 * handler attributes, no styles, no iframes; links only to http(s), mailto and tel. Applied when a
 * page is saved (seed) and again when it is served, so content edited straight in the database is
 * safe too.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "small",
    "ul",
    "ol",
    "li",
    "a",
    "blockquote",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "section",
    "address",
  ],
  allowedAttributes: { a: ["href", "title", "rel"], th: ["scope"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowProtocolRelative: false,
  // Dropped with their content: a script's text must not turn into visible page text either.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed"],
  transformTags: {
    // Outbound links do not get our window (tabnabbing) or our referrer.
    a: (tagName, attribs) => ({
      tagName,
      attribs: /^https?:/i.test(attribs.href ?? "") ? { ...attribs, rel: "noopener noreferrer" } : attribs,
    }),
    // The page's own <h1> is its title; a stored h1 becomes h2 so headings stay in order.
    h1: "h2",
  },
};

export function sanitizePageHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
