import { XMLParser } from "fast-xml-parser";

import { plainText } from "#common/plain-text";
import type { FoundArticle } from "~/models/monitor.server";
import { env } from "~/utils/env.server";
import { failureMessage, MonitorError } from "~/utils/monitor/errors.server";
import { politeGet } from "~/utils/polite-fetch.server";

// PubMed through NCBI E-utilities (issue 16): for each keyword, esearch finds the records added since the last
// successful run (`reldate` days, by Entrez date), then efetch reads their titles and abstracts, 200 at a time. NCBI
// allows 3 requests a second without an API key and 10 with one (NCBI_API_KEY): every request of every app server
// takes its turn (`awaitTurn`), a little under that rate.

/** Records read per keyword and run: a keyword that finds more is too broad for a queue someone reads. */
const MAX_PER_TERM = 100;
const FETCH_BATCH = 200;
/** The longest look back, for a first run or after a long pause. */
const MAX_DAYS = 30;

function eutilsUrl(tool: "esearch" | "efetch", params: Record<string, string>) {
  const config = env();
  const url = new URL(`${tool}.fcgi`, config.PUBMED_BASE_URL.endsWith("/") ? config.PUBMED_BASE_URL : `${config.PUBMED_BASE_URL}/`);
  url.search = new URLSearchParams({
    db: "pubmed",
    tool: "pharmascope",
    ...(config.NCBI_EMAIL ? { email: config.NCBI_EMAIL } : {}),
    ...(config.NCBI_API_KEY ? { api_key: config.NCBI_API_KEY } : {}),
    ...params,
  }).toString();
  return url;
}

async function eutils(tool: "esearch" | "efetch", params: Record<string, string>) {
  const config = env();
  try {
    const response = await politeGet(eutilsUrl(tool, params), {
      pacing: { key: "pubmed|requests", intervalMs: config.NCBI_API_KEY ? 110 : 350 },
      attempts: 4,
      retryBaseMs: 1_000,
      timeoutMs: config.MONITOR_TIMEOUT_MS,
      headers: { "User-Agent": "Pharmascope keyword monitoring" },
    });
    return await response.text();
  } catch (error) {
    throw new MonitorError(failureMessage("PubMed", error));
  }
}

/** The PubMed search for a keyword: the phrase in titles and abstracts. */
export const pubmedTerm = (keyword: string) =>
  `"${keyword
    .replace(/["[\]]/g, " ")
    .replace(/\s+/g, " ")
    .trim()}"[tiab]`;

/** The ids of the records a keyword finds, added in the last `days` days. */
async function search(keyword: string, days: number): Promise<string[]> {
  const body = await eutils("esearch", {
    term: pubmedTerm(keyword),
    reldate: String(days),
    datetype: "edat",
    retmax: String(MAX_PER_TERM),
    retmode: "json",
    sort: "pub_date",
  });
  let answer: { esearchresult?: { idlist?: unknown; ERROR?: string } };
  try {
    answer = JSON.parse(body);
  } catch {
    throw new MonitorError("PubMed sent an answer that could not be read.");
  }
  if (answer.esearchresult?.ERROR) throw new MonitorError(`PubMed refused the search for "${keyword}": ${answer.esearchresult.ERROR}`);
  const ids = answer.esearchresult?.idlist;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string" && /^\d+$/.test(id)) : [];
}

// Titles and abstracts may carry inline markup (<i>, <sup>): kept as raw text and reduced to plain text.
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  stopNodes: ["*.ArticleTitle", "*.AbstractText"],
  isArray: (name) => name === "PubmedArticle" || name === "AbstractText",
});

type Text = string | { "#text"?: string; Label?: string };
const textOf = (value: Text | undefined) => (typeof value === "string" ? value : (value?.["#text"] ?? ""));

/**
 * Inline MathML (`<mml:math>` in titles and abstracts) as the text it reads as: its alttext when it has one, else its
 * tokens joined without the layout's whitespace — "V̇O2max", not "V . O 2 m a x" — a dot accent over a letter kept
 * as a combining dot.
 */
export function mathAsText(xml: string): string {
  return xml.replace(/<mml:math\b([^>]*)>([\s\S]*?)<\/mml:math>/g, (_, attributes: string, body: string) => {
    const alt = /\balttext="([^"]*)"/.exec(attributes)?.[1];
    if (alt) return alt;
    return body
      .replace(/>\s+</g, "><")
      .replace(/<mml:mover\b[^>]*>((?:(?!<\/?mml:mover\b)[\s\S])*?)<mml:mo>\s*[.˙·]\s*<\/mml:mo><\/mml:mover>/g, "$1\u0307")
      .replace(/<[^>]*>/g, "")
      .trim();
  });
}
const words = (xml: string) => plainText(mathAsText(xml)).replace(/\s+/g, " ").trim();

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** PubDate's Month as PubMed's pages write it: "Jun" whether the record says "Jun", "6" or "06". */
const monthOf = (month: string | number | undefined) =>
  month !== undefined && /^\d{1,2}$/.test(String(month)) ? (MONTHS[Number(month) - 1] ?? String(month)) : month;

interface PubmedArticle {
  MedlineCitation?: {
    PMID?: Text;
    Article?: {
      ArticleTitle?: Text;
      Abstract?: { AbstractText?: Text[] };
      Journal?: {
        Title?: string;
        JournalIssue?: { PubDate?: { Year?: string | number; Month?: string | number; Day?: string | number; MedlineDate?: string } };
      };
    };
  };
}

/** The records of an efetch answer as articles. */
export function articlesOfPubmed(xml: string): FoundArticle[] {
  let doc: { PubmedArticleSet?: { PubmedArticle?: PubmedArticle[] } };
  try {
    doc = parser.parse(xml);
  } catch {
    throw new MonitorError("PubMed sent records that could not be read.");
  }
  return (doc.PubmedArticleSet?.PubmedArticle ?? []).flatMap((record) => {
    const citation = record.MedlineCitation;
    const pmid = String(textOf(citation?.PMID)).trim();
    const title = words(textOf(citation?.Article?.ArticleTitle));
    if (!/^\d+$/.test(pmid) || !title) return [];
    const abstract = (citation?.Article?.Abstract?.AbstractText ?? [])
      .map((part) => {
        const label = typeof part === "object" ? part.Label : undefined;
        return `${label ? `${label}: ` : ""}${words(textOf(part))}`;
      })
      .join("\n\n");
    const date = citation?.Article?.Journal?.JournalIssue?.PubDate;
    const when = date?.MedlineDate ?? [date?.Day, monthOf(date?.Month), date?.Year].filter(Boolean).join(" ");
    const origin = [citation?.Article?.Journal?.Title, when].filter(Boolean).join(", ");
    return [{ title, link: `https://pubmed.ncbi.nlm.nih.gov/${pmid}/`, summary: abstract, origin, sourceName: "PubMed" }];
  });
}

/** The records each keyword found since `since`, in the order of `keywords` (a record found by several is fetched once). */
export async function searchPubmed(keywords: readonly string[], since: Date | null, now: Date) {
  const days = since ? Math.min(MAX_DAYS, Math.max(1, Math.ceil((now.getTime() - since.getTime()) / 86_400_000))) : MAX_DAYS;
  const idsOf = new Map<string, string[]>();
  for (const keyword of keywords) idsOf.set(keyword, await search(keyword, days));
  const all = [...new Set([...idsOf.values()].flat())];
  const byId = new Map<string, FoundArticle>();
  for (let i = 0; i < all.length; i += FETCH_BATCH) {
    const xml = await eutils("efetch", { id: all.slice(i, i + FETCH_BATCH).join(","), retmode: "xml", rettype: "abstract" });
    for (const article of articlesOfPubmed(xml)) byId.set(article.link!.replace(/\D/g, ""), article);
  }
  return [...idsOf].map(([keyword, ids]) => ({ keyword, articles: ids.flatMap((id) => byId.get(id) ?? []) }));
}
