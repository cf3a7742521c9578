import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fetch } from "undici";
import { describe, expect, test } from "vitest";

import { fetchKeysOf, keywordMatcher, normalisedLink, normalisedText } from "#common/fetch-keys";
import { plainText } from "#common/plain-text";
import { articlesOfFeed, readFeed } from "~/services/monitor/feed.server";
import { articlesOfPubmed, pubmedTerm } from "~/services/monitor/pubmed.server";
import { MonitorError } from "~/utils/monitor/errors.server";
import { isGlobalUnicast, isPublicAddress, NotPublicError, publicOnly } from "~/utils/monitor/public-address.server";

// Keyword monitoring's pure parts (issue 16): what makes two articles the same, which keywords a text mentions, how
// feed entries and PubMed records are read, and which feed addresses count as public.

describe("de-duplication keys", () => {
  test("titles compare without case, accents, punctuation or spacing", () => {
    expect(normalisedText("  Lecanemab’s Phase-3 (CLARITY)!  ")).toBe("lecanemab s phase 3 clarity");
    expect(normalisedText("Sjögren's")).toBe(normalisedText("SJOGREN S"));
  });

  test("links compare without scheme, www, fragment, trailing slash or tracking parameters; other parameters sorted", () => {
    const key = normalisedLink("https://www.Example.com/news/a/?utm_source=rss&b=2&a=1#top");
    expect(key).toBe("example.com/news/a?a=1&b=2");
    expect(normalisedLink("http://example.com/news/a?a=1&b=2&fbclid=x")).toBe(key);
    expect(normalisedLink("https://example.com/news/a?a=2&b=2")).not.toBe(key);
    expect(normalisedLink("javascript:alert(1)")).toBeNull();
    expect(normalisedLink("not a url")).toBeNull();
  });

  test("an item is known by its title and every source link", () => {
    expect(
      fetchKeysOf({ title: "EU approval!", sources: [{ link: "https://a.example/x" }, { link: "mailto:x@y.z" }, { link: null }] }),
    ).toEqual(["t:eu approval", "l:a.example/x"]);
    expect(fetchKeysOf({ title: "  ", sources: [] })).toEqual([]);
  });
});

describe("keyword matching", () => {
  const match = keywordMatcher([{ name: "ALS" }, { name: "PD-1" }, { name: "Parkinson's disease" }, { name: "CDK4/6" }, { name: "als" }]);
  const names = (...texts: string[]) => match(...texts).map((k) => k.name);

  test("a keyword matches as whole words, in order, whatever the case and punctuation", () => {
    expect(names("Anti-PD-1 antibody beats chemo")).toEqual(["PD-1"]);
    expect(names("New data in PARKINSON’S DISEASE cohorts")).toEqual(["Parkinson's disease"]);
    expect(names("A CDK4/6 inhibitor")).toEqual(["CDK4/6"]);
    expect(names("Tofersen in ALS")).toEqual(["ALS", "als"]); // both keywords (two diseases) found
  });

  test("no match inside a word or across texts' words out of order", () => {
    expect(names("It also helps", "Palsy")).toEqual([]);
    expect(names("disease of Parkinson's")).toEqual([]);
    expect(names("PD-10 results")).toEqual([]);
  });

  test("the title and the summary are both read", () => {
    expect(names("Quarterly results", "including the PD-1 franchise")).toEqual(["PD-1"]);
  });
});

describe("feeds", () => {
  test("RSS items: title, link, summary as text, the feed's name and the day", () => {
    const xml = `<?xml version="1.0"?><rss version="2.0"><channel><title>Wire</title><link>https://w.example</link><description>d</description>
      <item><title>Lecanemab &amp; donanemab</title><link>https://w.example/1</link><description>&lt;p&gt;Two &lt;b&gt;antibodies&lt;/b&gt;&amp;#8217; data&lt;/p&gt;</description><pubDate>Fri, 20 Nov 2026 08:00:00 GMT</pubDate></item>
      <item><title></title><link>https://w.example/untitled</link></item>
    </channel></rss>`;
    expect(articlesOfFeed(xml, "Wire source")).toEqual([
      {
        title: "Lecanemab & donanemab",
        link: "https://w.example/1",
        summary: "Two antibodies’ data",
        origin: "Wire, 2026-11-20",
        sourceName: "Wire source",
      },
    ]);
  });

  test("Atom entries: the alternate link, the summary", () => {
    const xml = `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>FDA</title><id>urn:f</id><updated>2026-11-21T00:00:00Z</updated>
      <entry><title type="html">Label &lt;i&gt;update&lt;/i&gt;</title><id>urn:1</id><updated>2026-11-21T00:00:00Z</updated>
      <link rel="self" href="https://f.example/self"/><link rel="alternate" href="https://f.example/a"/><summary>Boxed warning.</summary></entry></feed>`;
    expect(articlesOfFeed(xml, "FDA")).toEqual([
      { title: "Label update", link: "https://f.example/a", summary: "Boxed warning.", origin: "FDA, 2026-11-21", sourceName: "FDA" },
    ]);
  });

  test("recorded feeds read over HTTP: RDF's dc:date, FDA's pubDate with EDT, with a <time> element, or bare", async () => {
    const fixture = (name: string) => readFileSync(new URL(`../fixtures/feeds/${name}`, import.meta.url), "utf8");
    const server = createServer((req, res) => {
      res.writeHead(200, { "Content-Type": "application/rss+xml; charset=utf-8" });
      res.end(fixture(req.url!.slice(1)));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const before = process.env.MONITOR_ALLOW_PRIVATE_HOSTS;
    process.env.MONITOR_ALLOW_PRIVATE_HOSTS = "true"; // the loopback server stands for the agencies' sites
    try {
      const read = async (name: string) =>
        (await readFeed({ name, url: `http://127.0.0.1:${port}/${name}` })).articles!.map((a) => [a.title, a.origin]);
      expect(await read("ema-rdf.xml")).toEqual([
        [
          "Meeting highlights from the Committee for Medicinal Products for Human Use (CHMP) 21-24 July 2025",
          "European Medicines Agency - News, 2025-07-25",
        ],
        ["Leqembi recommended for treatment of early Alzheimer’s disease", "European Medicines Agency - News, 2024-11-14"],
      ]);
      // The day as FDA wrote it: 22:08 EDT on 16 May is still 16 May (in UTC it is the 17th).
      expect((await read("fda-press-releases.xml")).map(([, origin]) => origin)).toEqual([
        "Press Releases, 2025-05-16",
        "Press Releases, 2025-08-29",
        "Press Releases, 2025-07-09",
      ]);
    } finally {
      if (before === undefined) delete process.env.MONITOR_ALLOW_PRIVATE_HOSTS;
      else process.env.MONITOR_ALLOW_PRIVATE_HOSTS = before;
      server.closeAllConnections();
      server.close();
    }
  });

  test("anything else is refused with a message for the admin", () => {
    expect(() => articlesOfFeed("<html><body>Hello</body></html>", "x")).toThrow(MonitorError);
    expect(() => articlesOfFeed("<html><body>Hello</body></html>", "x")).toThrow("The address did not return an RSS, Atom or JSON feed.");
  });
});

describe("PubMed", () => {
  test("recorded efetch records: a numeric month by its name, MathML as readable text", () => {
    const xml = readFileSync(new URL("../fixtures/pubmed/efetch-numeric-month-mathml.xml", import.meta.url), "utf8");
    const [gut, frontiers] = articlesOfPubmed(xml);
    expect(gut).toMatchObject({
      title: "Gut microbiota and peak aerobic capacity (V\u0307O2max) in adults with mild cognitive impairment.",
      summary:
        "OBJECTIVE: To relate the gut microbiota to V\u0307O2max in amyloid-positive adults.\n\nRESULTS: Alpha diversity correlated with fitness (r = 0.42).",
      origin: "Gut, Jun 2017",
    });
    expect(frontiers!.origin).toBe("Frontiers in aging neuroscience, 15 Jan 2025");
  });

  test("a keyword is searched as a phrase in titles and abstracts", () => {
    expect(pubmedTerm('Parkinson\'s "disease" [MeSH]')).toBe('"Parkinson\'s disease MeSH"[tiab]');
  });

  test("efetch records: PMID, title and labelled abstract as text, journal and date", () => {
    const xml = `<PubmedArticleSet><PubmedArticle><MedlineCitation><PMID Version="1">41000001</PMID><Article>
      <Journal><Title>Neurology</Title><JournalIssue><PubDate><MedlineDate>2026 Nov-Dec</MedlineDate></PubDate></JournalIssue></Journal>
      <ArticleTitle>Tau <i>in vivo</i> &amp; amyloid</ArticleTitle>
      <Abstract><AbstractText Label="METHODS">We <b>did</b> it.</AbstractText><AbstractText>Results &lt; 5%.</AbstractText></Abstract>
      </Article></MedlineCitation></PubmedArticle>
      <PubmedArticle><MedlineCitation><PMID>bad</PMID><Article><ArticleTitle>x</ArticleTitle></Article></MedlineCitation></PubmedArticle></PubmedArticleSet>`;
    expect(articlesOfPubmed(xml)).toEqual([
      {
        title: "Tau in vivo & amyloid",
        link: "https://pubmed.ncbi.nlm.nih.gov/41000001/",
        summary: "METHODS: We did it.\n\nResults < 5%.",
        origin: "Neurology, 2026 Nov-Dec",
        sourceName: "PubMed",
      },
    ]);
  });
});

describe("feed addresses", () => {
  test("loopback, private, link-local and mapped private addresses are not public; a public one is", async () => {
    for (const address of [
      "http://127.0.0.1/",
      "http://10.1.2.3/",
      "http://172.20.0.1/",
      "http://192.168.1.1/",
      "http://169.254.169.254/latest/meta-data",
      "http://[::1]/",
      "http://[fd00::1]/",
      "http://[::ffff:192.168.1.1]/",
      "http://0.0.0.0/",
      "http://localhost/",
    ]) {
      expect(await isPublicAddress(new URL(address)), address).toBe(false);
    }
    expect(await isPublicAddress(new URL("https://8.8.8.8/feed"))).toBe(true);
    expect(await isPublicAddress(new URL("https://[2001:4860:4860::8888]/feed"))).toBe(true);
    expect(await isPublicAddress(new URL("https://no-such-host.invalid/feed"))).toBe(false);
  });

  test("only global unicast addresses are public: every reserved, documentation, benchmark and transition range is refused", async () => {
    const refused = [
      // IPv4: this network, private, carrier-grade NAT, loopback, link-local, IETF protocol assignments, documentation
      // (TEST-NET-1/2/3), benchmarking, the 6to4 relay anycast, multicast, reserved (240/4) and broadcast.
      "0.0.0.0",
      "0.1.2.3",
      "10.0.0.1",
      "100.64.0.1",
      "100.127.255.254",
      "127.0.0.1",
      "169.254.169.254",
      "172.16.0.1",
      "192.0.0.8",
      "192.0.2.1",
      "192.88.99.1",
      "192.168.0.1",
      "198.18.0.1",
      "198.19.255.254",
      "198.51.100.7",
      "203.0.113.9",
      "224.0.0.251",
      "239.255.255.250",
      "240.0.0.1",
      "255.255.255.255",
      // IPv6: unspecified, loopback, IPv4-compatible (as typed and as Node writes it), IPv4-mapped non-public ones,
      // IPv4-translated, NAT64 (well-known and local-use), discard, Teredo, benchmarking, ORCHID, documentation, 6to4 (even
      // of a public IPv4 address), segment routing, unique local, link-local, site-local, multicast.
      "::",
      "::1",
      "::8.8.8.8",
      "::808:808",
      "0:0:0:0:0:0:8.8.8.8",
      "::ffff:192.0.2.1",
      "::ffff:127.0.0.1",
      "::ffff:0:8.8.8.8",
      "64:ff9b::808:808",
      "64:ff9b::192.0.2.1",
      "64:ff9b:1::1",
      "100::1",
      "2001::1",
      "2001:0:4136:e378:8000:63bf:3fff:fdd2",
      "2001:2::1",
      "2001:10::1",
      "2001:20::1",
      "2001:db8::1",
      "2001:db8:85a3::8a2e:370:7334",
      "3fff::1",
      "2002:c000:201::1",
      "2002:808:808::1",
      "5f00::1",
      "fc00::1",
      "fd12:3456::1",
      "fe80::1",
      "fec0::1",
      "ff02::1",
      "ff0e::1",
    ];
    const publicOnes = [
      "8.8.8.8",
      "1.1.1.1",
      "151.101.1.69",
      "::ffff:8.8.8.8",
      "2001:4860:4860::8888",
      "2606:4700:4700::1111",
      "2a00:1450:4001:80b::200e",
    ];
    const urlOf = (address: string) => new URL(address.includes(":") ? `https://[${address}]/feed` : `https://${address}/feed`);
    for (const address of refused) {
      expect(isGlobalUnicast(address), address).toBe(false);
      expect(await isPublicAddress(urlOf(address)), address).toBe(false);
    }
    for (const address of publicOnes) {
      expect(isGlobalUnicast(address), address).toBe(true);
      expect(await isPublicAddress(urlOf(address)), address).toBe(true);
    }
    // What is not an address at all is not public either.
    for (const text of ["", "localhost", "8.8.8", "0x7f.1", "1::2::3"]) expect(isGlobalUnicast(text), text).toBe(false);
  });

  test("feed requests connect only to public addresses, whatever a name resolves to when they connect", async () => {
    let reached = 0;
    const server = createServer((_req, res) => {
      reached++;
      res.end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      for (const address of [`http://127.0.0.1:${port}/`, `http://localhost:${port}/`]) {
        const error = await fetch(address, { dispatcher: publicOnly }).then(
          () => null,
          (e: Error) => e,
        );
        expect(error?.cause, address).toBeInstanceOf(NotPublicError);
      }
      expect(reached).toBe(0);
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe("ok"); // the same server, without the guard
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

test("numeric character references read as text", () => {
  expect(plainText("it&#8217;s &#x2013; fine &amp;#39; &#0;")).toBe("it’s – fine &#39; &#0;");
});
