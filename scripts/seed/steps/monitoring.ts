// Keyword monitoring's sources (issue 16): the ones a pharma intelligence team would start with. Each is first checked
// one interval after seeding (a demo machine without internet access would otherwise start with three errors); the
// Monitoring page's 'Check now' runs one at once.
import { MonitorSource } from "#db/models/index.server";

const SOURCES = [
  {
    name: "FDA press releases",
    kind: "rss",
    url: "https://www.fda.gov/about-fda/contact-fda/stay-informed/rss-feeds/press-releases/rss.xml",
    intervalMinutes: 60,
  },
  { name: "EMA news", kind: "rss", url: "https://www.ema.europa.eu/en/news.xml", intervalMinutes: 360 },
  { name: "PubMed", kind: "pubmed", intervalMinutes: 1440 },
  { name: "ClinicalTrials.gov imports", kind: "registry", intervalMinutes: 1440 },
] as const;

export async function seedMonitoringSources(now: Date) {
  return MonitorSource.insertMany(
    SOURCES.map((s) => ({ ...s, status: "active", nextRunAt: new Date(now.getTime() + s.intervalMinutes * 60_000) })),
  );
}
