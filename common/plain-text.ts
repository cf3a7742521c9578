const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'", nbsp: " " };

/** Character references as the characters they stand for. */
function decodeEntities(text: string): string {
  return (
    text
      // Numeric references (fetched feeds and abstracts use them: &#8217;, &#x2013;).
      .replace(/&#(x[0-9a-f]{1,6}|[0-9]{1,7});/gi, (whole, code: string) => {
        const point = code[0] === "x" || code[0] === "X" ? parseInt(code.slice(1), 16) : Number(code);
        return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : whole;
      })
      .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? "")
  );
}

/** The text of stored rich text (sanitised HTML), for places that show plain text; React escapes it again. */
export function plainText(html: string | null | undefined): string {
  return decodeEntities((html ?? "").replace(/<(br|\/p|\/div|\/li)\b[^>]*>/gi, " ").replace(/<[^>]*>/g, ""))
    .replace(/\s+/g, " ")
    .trim();
}

/** Stored rich text as text that keeps its shape, for places that show lines (a calendar entry's description):
 *  paragraphs apart, line breaks kept, list items on lines of their own with a bullet. */
export function textWithLines(html: string | null | undefined): string {
  return decodeEntities(
    (html ?? "")
      .replace(/\s*\n\s*/g, " ")
      .replace(/<li\b[^>]*>/gi, "\n• ")
      .replace(/<br\b[^>]*>/gi, "\n")
      .replace(/<\/(p|div|ul|ol|h[1-6]|blockquote|pre|table|tr)>/gi, "\n\n")
      .replace(/<[^>]*>/g, ""),
  )
    .split("\n")
    .map((line) => line.replace(/[ \t\u00a0]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe to place in HTML, as text or in a quoted attribute (`plainText` reads it back). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}
