// A fake ClinicalTrials.gov API v2 on loopback, for the import's integration and browser tests: GET /api/v2/studies
// answers as the registry does — filter.ids, query.cond / query.spons / query.intr (words contained), filter.advanced
// with AREA[Phase]… and AREA[LastUpdatePostDate]RANGE[day,MAX], countTotal, pages with nextPageToken — over the
// studies the test gives it. `fail` queues answers to give first (a 429, a 500 HTML page); `hold` (a promise) keeps
// each answer back until it settles, so a test can look at the app while an import waits. A test in another process
// (the browser tests) gates one search instead: POST /__gate?cond=…&pageSize=… keeps that condition's pages back,
// each POST /__step?cond=… lets one through, DELETE /__gate?cond=… opens it.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import type { Study } from "~/utils/registry/study";

export type FakeFailure = { status: number; body: string; contentType?: string };
export type FakeCall = { at: number; path: string; query: URLSearchParams };

export interface StudyFixture {
  nctId: string;
  title: string;
  acronym?: string;
  status?: string;
  phases?: string[];
  start?: { date: string; type: "ACTUAL" | "ESTIMATED" };
  pcd?: { date: string; type: "ACTUAL" | "ESTIMATED" };
  enrollment?: { count: number; type: "ACTUAL" | "ESTIMATED" };
  condition?: string;
  sponsor?: string;
  intervention?: string;
  /** The registry's "last update posted" day, YYYY-MM-DD. */
  updated?: string;
}

/** A study as the API sends it (the modules the import reads, with their real names). */
export function study(f: StudyFixture): Study {
  return {
    protocolSection: {
      identificationModule: { nctId: f.nctId, briefTitle: f.title, ...(f.acronym ? { acronym: f.acronym } : {}) },
      statusModule: {
        overallStatus: f.status ?? "RECRUITING",
        startDateStruct: f.start ?? { date: "2024-03-15", type: "ACTUAL" },
        primaryCompletionDateStruct: f.pcd ?? { date: "2027-06", type: "ESTIMATED" },
        lastUpdatePostDateStruct: { date: f.updated ?? "2026-01-10", type: "ACTUAL" },
      },
      sponsorCollaboratorsModule: { leadSponsor: { name: f.sponsor ?? "Eisai Inc." }, collaborators: [{ name: "Biogen" }] },
      conditionsModule: { conditions: [f.condition ?? "Alzheimer Disease"], keywords: ["amyloid", "early AD"] },
      designModule: {
        studyType: "INTERVENTIONAL",
        phases: f.phases ?? ["PHASE3"],
        designInfo: {
          allocation: "RANDOMIZED",
          interventionModel: "PARALLEL",
          primaryPurpose: "TREATMENT",
          maskingInfo: { masking: "QUADRUPLE" },
        },
        enrollmentInfo: f.enrollment ?? { count: 1795, type: "ESTIMATED" },
      },
      armsInterventionsModule: {
        armGroups: [
          { label: "Drug arm", type: "EXPERIMENTAL", description: "10 mg/kg every two weeks" },
          { label: "Placebo", type: "PLACEBO_COMPARATOR" },
        ],
        interventions: [
          { type: "DRUG", name: "Placebo" },
          { type: "BIOLOGICAL", name: f.intervention ?? "Lecanemab" },
          { type: "DRUG", name: "Donepezil" },
        ],
      },
      outcomesModule: {
        primaryOutcomes: [
          { measure: "Change in CDR-SB", timeFrame: "Baseline, Month 18", description: "Clinical Dementia Rating Sum of Boxes" },
        ],
        secondaryOutcomes: [{ measure: "Change in ADAS-Cog14", timeFrame: "Month 18" }],
      },
      eligibilityModule: {
        eligibilityCriteria:
          "Inclusion Criteria:\n\n* Age 50 to 90\n* MMSE 22 to 30\n\nExclusion Criteria:\n\n* Any other neurological disease",
        sex: "ALL",
        minimumAge: "50 Years",
        maximumAge: "90 Years",
      },
      contactsLocationsModule: { locations: [{ country: "United States" }, { country: "Japan" }, { country: "United States" }] },
    },
    hasResults: false,
  };
}

type Gate = { pageSize: number; pass: () => Promise<void>; step: () => void; open: () => void };

/** Requests wait at a gate until a step lets one through (a step taken before a request arrives is kept for it). */
function gate(pageSize: number): Gate {
  const waiting: Array<() => void> = [];
  let steps = 0;
  let opened = false;
  return {
    pageSize,
    pass: async () => {
      if (opened) return;
      if (steps > 0) steps--;
      else await new Promise<void>((resolve) => waiting.push(resolve));
    },
    step: () => {
      const next = waiting.shift();
      if (next) next();
      else steps++;
    },
    open: () => {
      opened = true;
      for (const resolve of waiting.splice(0)) resolve();
    },
  };
}

export async function startFakeCtgov({ port = 0, pageLimit = 100 }: { port?: number; pageLimit?: number } = {}) {
  const fake = {
    studies: [] as StudyFixture[],
    fail: [] as FakeFailure[],
    calls: [] as FakeCall[],
    pageLimit,
    hold: null as Promise<void> | null,
  };
  const gates = new Map<string, Gate>();
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const cond = url.searchParams.get("cond") ?? url.searchParams.get("query.cond") ?? "";
    if (url.pathname.startsWith("/__")) {
      if (url.pathname === "/__gate" && req.method === "POST") gates.set(cond, gate(Number(url.searchParams.get("pageSize") ?? 100)));
      else if (url.pathname === "/__gate" && req.method === "DELETE") {
        gates.get(cond)?.open();
        gates.delete(cond);
      } else if (url.pathname === "/__step") gates.get(cond)?.step();
      res.writeHead(204);
      return res.end();
    }
    fake.calls.push({ at: Date.now(), path: url.pathname, query: url.searchParams });
    if (fake.hold) await fake.hold;
    const gated = gates.get(cond);
    if (gated) await gated.pass();
    const failure = fake.fail.shift();
    if (failure) {
      res.writeHead(failure.status, { "Content-Type": failure.contentType ?? "text/html" });
      return res.end(failure.body);
    }
    if (req.method !== "GET" || url.pathname !== "/api/v2/studies") {
      res.writeHead(404, { "Content-Type": "text/plain" });
      return res.end("Not found");
    }
    const q = url.searchParams;
    const has = (text: string | undefined, words: string | null) => !words || (text ?? "").toLowerCase().includes(words.toLowerCase());
    const ids = q.get("filter.ids")?.split(/[,|]/);
    const advanced = q.get("filter.advanced") ?? "";
    const phase = /AREA\[Phase\](\w+)/.exec(advanced)?.[1];
    const since = /AREA\[LastUpdatePostDate\]RANGE\[([\d-]+),MAX\]/.exec(advanced)?.[1];
    const matching = fake.studies.filter(
      (s) =>
        (!ids || ids.includes(s.nctId)) &&
        has(s.condition ?? "Alzheimer Disease", q.get("query.cond")) &&
        has(s.sponsor ?? "Eisai Inc.", q.get("query.spons")) &&
        has(s.intervention ?? "Lecanemab", q.get("query.intr")) &&
        (!phase || (s.phases ?? ["PHASE3"]).includes(phase)) &&
        (!since || (s.updated ?? "2026-01-10") >= since),
    );
    const size = Math.min(Number(q.get("pageSize") ?? 10), gated?.pageSize ?? fake.pageLimit);
    const from = Number(Buffer.from(q.get("pageToken") ?? "MA==", "base64").toString()) || 0;
    const page = matching.slice(from, from + size);
    const body = {
      studies: page.map(study),
      ...(from + size < matching.length ? { nextPageToken: Buffer.from(String(from + size)).toString("base64") } : {}),
      ...(q.get("countTotal") === "true" ? { totalCount: matching.length } : {}),
    };
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  return {
    fake,
    url: `http://127.0.0.1:${address.port}`,
    reset() {
      fake.studies = [];
      fake.fail = [];
      fake.calls.length = 0;
      fake.pageLimit = pageLimit;
      fake.hold = null;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
