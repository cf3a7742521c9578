// Fake outside sources for keyword monitoring's integration and browser tests, on loopback (issue 16):
//  - feeds: GET /feeds/{name} answers the RSS or Atom text the test sets (feedsmith generates it), with an ETag; a
//    request carrying that ETag gets 304;
//  - NCBI E-utilities: GET /eutils/esearch.fcgi answers the PMIDs whose record mentions the quoted phrase of `term`
//    (JSON, as NCBI does), /eutils/efetch.fcgi the records of `id` as PubmedArticleSet XML.
// `fail` queues answers to give first (a 500, a 404 page); `calls` records every request.
import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeCall = { path: string; query: URLSearchParams; headers: Record<string, string | string[] | undefined> };
export interface PubmedRecord {
  pmid: string;
  title: string;
  abstract: string[];
  journal?: string;
}

const xml = (text: string) => text.replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]!);

function articleSet(records: PubmedRecord[]) {
  const articles = records.map(
    (
      r,
    ) => `<PubmedArticle><MedlineCitation Status="MEDLINE" Owner="NLM"><PMID Version="1">${r.pmid}</PMID><Article PubModel="Print-Electronic">
<Journal><Title>${xml(r.journal ?? "The Lancet. Neurology")}</Title><JournalIssue CitedMedium="Internet"><PubDate><Year>2026</Year><Month>Nov</Month><Day>20</Day></PubDate></JournalIssue></Journal>
<ArticleTitle>${r.title}</ArticleTitle>
<Abstract>${r.abstract.map((a, i) => `<AbstractText${i === 0 ? ' Label="BACKGROUND"' : ""}>${a}</AbstractText>`).join("")}</Abstract>
</Article></MedlineCitation></PubmedArticle>`,
  );
  return `<?xml version="1.0" ?>\n<!DOCTYPE PubmedArticleSet PUBLIC "-//NLM//DTD PubMedArticle, 1st January 2025//EN" "https://dtd.nlm.nih.gov/ncbi/pubmed/out/pubmed_250101.dtd">\n<PubmedArticleSet>${articles.join("\n")}</PubmedArticleSet>`;
}

export async function startFakeSources({ port = 0 }: { port?: number } = {}) {
  const fake = {
    feeds: new Map<string, { body: string; contentType?: string }>(),
    /** Feed paths that answer 301 to another address. */
    redirects: new Map<string, string>(),
    pubmed: [] as PubmedRecord[],
    fail: [] as Array<{ status: number; body: string; contentType?: string }>,
    calls: [] as FakeCall[],
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    fake.calls.push({ path: url.pathname, query: url.searchParams, headers: req.headers });
    const failure = fake.fail.shift();
    if (failure) {
      res.writeHead(failure.status, { "Content-Type": failure.contentType ?? "text/html" });
      return res.end(failure.body);
    }
    const redirect = url.pathname.startsWith("/feeds/") ? fake.redirects.get(url.pathname.slice("/feeds/".length)) : undefined;
    if (redirect) {
      res.writeHead(301, { Location: redirect });
      return res.end();
    }
    const feed = url.pathname.startsWith("/feeds/") ? fake.feeds.get(url.pathname.slice("/feeds/".length)) : undefined;
    if (feed) {
      const etag = `"${createHash("sha1").update(feed.body).digest("hex")}"`;
      if (req.headers["if-none-match"] === etag) {
        res.writeHead(304, { ETag: etag });
        return res.end();
      }
      res.writeHead(200, { "Content-Type": feed.contentType ?? "application/rss+xml; charset=utf-8", ETag: etag });
      return res.end(feed.body);
    }
    if (url.pathname === "/eutils/esearch.fcgi") {
      const phrase = /^"(.*)"\[tiab\]$/.exec(url.searchParams.get("term") ?? "")?.[1]?.toLowerCase() ?? "";
      const ids = fake.pubmed
        .filter((r) => phrase && `${r.title} ${r.abstract.join(" ")}`.toLowerCase().includes(phrase))
        .map((r) => r.pmid);
      res.writeHead(200, { "Content-Type": "application/json" });
      return res.end(
        JSON.stringify({
          header: { type: "esearch", version: "0.3" },
          esearchresult: { count: String(ids.length), retmax: String(ids.length), retstart: "0", idlist: ids },
        }),
      );
    }
    if (url.pathname === "/eutils/efetch.fcgi") {
      const ids = (url.searchParams.get("id") ?? "").split(",");
      res.writeHead(200, { "Content-Type": "text/xml; charset=UTF-8" });
      return res.end(articleSet(fake.pubmed.filter((r) => ids.includes(r.pmid))));
    }
    res.writeHead(404, { "Content-Type": "text/html" });
    res.end("<html><body>Not found</body></html>");
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    fake,
    origin,
    feedUrl: (name: string) => `${origin}/feeds/${name}`,
    eutilsUrl: `${origin}/eutils/`,
    reset() {
      fake.feeds.clear();
      fake.redirects.clear();
      fake.pubmed = [];
      fake.fail = [];
      fake.calls.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
