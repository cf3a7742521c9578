import sanitizeHtml from "sanitize-html";

// Rich text (news content and summaries, event descriptions) is sanitised on the server before it is stored, with an
// allowlist: the formatting an editor produces, links to http(s) and mailto only, no styles, no scripts, no event
// handlers, no embedded frames or forms. Whatever a browser editor sent, only this reaches the database and the page.

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "h2",
    "h3",
    "h4",
    "ul",
    "ol",
    "li",
    "blockquote",
    "a",
    "code",
    "pre",
    "hr",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  // target and rel are the ones transformTags sets below.
  allowedAttributes: { a: ["href", "title", "target", "rel"], th: ["colspan", "rowspan"], td: ["colspan", "rowspan"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Links open outside the app and tell the browser not to share it.
  transformTags: { a: sanitizeHtml.simpleTransform("a", { target: "_blank", rel: "noopener noreferrer nofollow" }) },
};

/** The HTML as stored: only the allowlist kept, everything else dropped (its text kept, scripts and styles not). */
export function sanitizeRichText(html: string | null | undefined): string {
  return sanitizeHtml(html ?? "", OPTIONS).trim();
}
