const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'", nbsp: " " };

/** The text of stored rich text (sanitised HTML), for places that show plain text; React escapes it again. */
export function plainText(html: string | null | undefined): string {
  return (
    (html ?? "")
      .replace(/<(br|\/p|\/div|\/li)\b[^>]*>/gi, " ")
      .replace(/<[^>]*>/g, "")
      // Numeric references (fetched feeds and abstracts use them: &#8217;, &#x2013;).
      .replace(/&#(x[0-9a-f]{1,6}|[0-9]{1,7});/gi, (whole, code: string) => {
        const point = code[0] === "x" || code[0] === "X" ? parseInt(code.slice(1), 16) : Number(code);
        return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : whole;
      })
      .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? "")
      .replace(/\s+/g, " ")
      .trim()
  );
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe to place in HTML, as text or in a quoted attribute (`plainText` reads it back). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}
