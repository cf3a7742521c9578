import { formatDay } from "./dates";
import { presentation } from "./pptx.server";

// 'Download News' (issue #12): the feed's items as a PowerPoint deck, built on the server. A title slide with the
// client, the filters and the date range; an overview table over as many slides as it needs; then one slide per item
// with its title, date, companies and compounds, summary, priority, and its sources as hyperlinks. Arial for titles,
// Calibri for text: both present in every Office and replaced by metric-compatible fonts elsewhere.

export interface DeckItem {
  title: string;
  publishedAt: string | null;
  summary: string;
  priority: string;
  categories: string[];
  companies: string[];
  compounds: string[];
  sources: Array<{ name: string; link: string | null }>;
}

export interface DeckInfo {
  client: string;
  /** The date range, DD/MM/YYYY – DD/MM/YYYY. */
  range: string;
  /** The other filters in words ("Diseases: …"), one per line; none: "All news". */
  filters: string[];
  /** Set when more items matched than the deck holds. */
  truncated?: { shown: number };
}

export const DECK_ROWS_PER_SLIDE = 12;
const TITLE = { fontFace: "Arial", bold: true, color: "1F2937" } as const;
const TEXT = { fontFace: "Calibri", color: "1F2937" } as const;
const PRIORITY_COLOURS: Record<string, string> = { Alert: "C62828", High: "EF9A9A", Medium: "FFCC80", Low: "80CBC4" };

export async function newsDeck(items: DeckItem[], info: DeckInfo): Promise<Buffer> {
  const pptx = presentation({ title: `News — ${info.client}` });

  const cover = pptx.addSlide();
  cover.addText("News", { ...TITLE, x: 0.6, y: 1.2, w: 12, h: 1, fontSize: 40 });
  cover.addText(info.client, { ...TEXT, x: 0.6, y: 2.2, w: 12, h: 0.6, fontSize: 24 });
  cover.addText(info.range, { ...TEXT, x: 0.6, y: 2.9, w: 12, h: 0.5, fontSize: 18 });
  const lines = [
    ...(info.filters.length ? info.filters : ["All news"]),
    `${items.length} item${items.length === 1 ? "" : "s"}${info.truncated ? ` (the first ${info.truncated.shown}; narrow the filters for the rest)` : ""}`,
  ];
  cover.addText(
    lines.map((text) => ({ text, options: { breakLine: true } })),
    { ...TEXT, x: 0.6, y: 3.6, w: 12, h: 3, fontSize: 14, valign: "top" },
  );

  for (let start = 0; start < items.length; start += DECK_ROWS_PER_SLIDE) {
    const slide = pptx.addSlide();
    const pages = Math.ceil(items.length / DECK_ROWS_PER_SLIDE);
    slide.addText(`Overview${pages > 1 ? ` (${start / DECK_ROWS_PER_SLIDE + 1} of ${pages})` : ""}`, {
      ...TITLE,
      x: 0.5,
      y: 0.3,
      w: 12,
      h: 0.6,
      fontSize: 24,
    });
    const header = ["Date", "Title", "Priority", "Companies"].map((text) => ({ text, options: { bold: true, fill: { color: "E5E7EB" } } }));
    const rows = items
      .slice(start, start + DECK_ROWS_PER_SLIDE)
      .map((n) => [
        { text: n.publishedAt ? formatDay(n.publishedAt) : "" },
        { text: n.title },
        { text: n.priority },
        { text: n.companies.join(", ") },
      ]);
    slide.addTable([header, ...rows], {
      ...TEXT,
      x: 0.5,
      y: 1.1,
      w: 12.3,
      colW: [1.3, 7.2, 1.2, 2.6],
      fontSize: 11,
      border: { type: "solid", pt: 0.5, color: "D1D5DB" },
      autoPage: false,
    });
  }

  for (const n of items) {
    const slide = pptx.addSlide();
    slide.addText(n.title, { ...TITLE, x: 0.5, y: 0.3, w: 10.6, h: 1, fontSize: 24, valign: "top", fit: "shrink" });
    slide.addText(n.priority, {
      ...TEXT,
      x: 11.3,
      y: 0.4,
      w: 1.5,
      h: 0.45,
      fontSize: 14,
      bold: true,
      align: "center",
      fill: { color: PRIORITY_COLOURS[n.priority] ?? "E5E7EB" },
      color: n.priority === "Alert" ? "FFFFFF" : "1F2937",
    });
    const meta = [n.publishedAt ? formatDay(n.publishedAt) : null, n.categories.join(", ") || null].filter(Boolean).join(" · ");
    slide.addText(meta, { ...TEXT, x: 0.5, y: 1.3, w: 12, h: 0.4, fontSize: 14, color: "4B5563" });
    const who = [
      n.companies.length ? `Companies: ${n.companies.join(", ")}` : null,
      n.compounds.length ? `Compounds: ${n.compounds.join(", ")}` : null,
    ]
      .filter(Boolean)
      .join("    ");
    if (who) slide.addText(who, { ...TEXT, x: 0.5, y: 1.75, w: 12, h: 0.4, fontSize: 14 });
    slide.addText(n.summary || " ", { ...TEXT, x: 0.5, y: 2.3, w: 12.3, h: 3.9, fontSize: 16, valign: "top", fit: "shrink" });
    if (n.sources.length) {
      slide.addText(
        [
          { text: "Sources: ", options: { bold: true } },
          ...n.sources.flatMap((s, i) => [
            ...(i ? [{ text: ", " }] : []),
            { text: s.name, options: s.link ? { hyperlink: { url: s.link }, color: "0B5CAD" } : {} },
          ]),
        ],
        { ...TEXT, x: 0.5, y: 6.4, w: 12.3, h: 0.6, fontSize: 13 },
      );
    }
  }
  return Buffer.from((await pptx.write({ outputType: "nodebuffer" })) as Uint8Array);
}
