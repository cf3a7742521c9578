import type { LoaderFunctionArgs } from "@remix-run/node";
import { describe, expect, test } from "vitest";

import {
  AuditLog,
  CalendarFeed,
  Company,
  Compound,
  Event,
  Keyword,
  MonitorSource,
  News,
  SavedSearch,
  Trial,
} from "#db/models/index.server";
import * as clientsAdmin from "~/routes/_app+/administration+/client+/_index";
import * as companies from "~/routes/_app+/administration+/company+/_index";
import * as compounds from "~/routes/_app+/administration+/compound+/_index";
import * as eventsAdmin from "~/routes/_app+/administration+/events+/_index";
import * as history from "~/routes/_app+/administration+/history";
import * as keywords from "~/routes/_app+/administration+/keyword+/_index";
import * as monitoring from "~/routes/_app+/administration+/monitoring+/_index";
import * as trials from "~/routes/_app+/administration+/trials+/_index";
import * as trialImports from "~/routes/_app+/administration+/trials+/import._index";
import * as users from "~/routes/_app+/administration+/users+/_index";
import * as calendarFeeds from "~/routes/_app+/calendar-feeds";
import * as areas from "~/routes/_app+/clients+/$clientId.therapeuticAreas+/_index";
import * as diseases from "~/routes/_app+/clients+/$clientId.therapeuticAreas+/$taId.diseases+/_index";
import * as reports from "~/routes/_app+/clients+/$clientId.therapeuticAreas+/$taId.diseases+/$diseaseId.reports";
import * as dashboard from "~/routes/_app+/dashboard";
import * as eventsFeed from "~/routes/_app+/events+/_index";
import * as logos from "~/routes/_app+/manage-company-logos";
import * as newsFeed from "~/routes/_app+/news+/_index";
import * as drafts from "~/routes/_app+/news+/drafts";
import * as newsExport from "~/routes/_app+/news+/export";
import * as saved from "~/routes/_app+/news+/saved";

import { createUser, grantsFor, httpStatusOf, placeOf, scene, sessionCookie, settle } from "../db-utils";

// Every list's loader (the feeds, the drafts, saved searches, the console's lists, the card grids and the report's
// news list) called as an allowed role with hostile query strings: forged page tokens (invalid dates, 1e308, objects,
// wrong kinds, damaged base64), and in every parameter numbers out of range, NaN, operator-looking JSON, very long and
// unicode values, a parameter sent twice. Never a 5xx; a token that cannot be used gives the list's first page, marked
// `restarted` for the pager to say so (shown in tests/e2e/administration.spec.ts).

type Loader = (args: LoaderFunctionArgs) => unknown;
type Data = Record<string, unknown> & {
  place?: { size: number; after: string | null; trail: string[]; number: number; restarted?: boolean };
  next?: string | null;
};

const ID = "0123456789abcdef01234567";
const token = (value: unknown, id: unknown = ID) => Buffer.from(JSON.stringify([value, id])).toString("base64url");
const raw = (text: string) => Buffer.from(text).toString("base64url");

/** Tokens no list can use: its value of no kind a sort field holds, or not a token at all. */
const BAD_TOKENS = [
  token(1e308),
  token(-1e308),
  token({ $gt: "" }),
  token(["d:2026-01-01T00:00:00.000Z"]),
  token(true),
  token("d:2026-01-01T00:00:00.000Z", { $gt: "" }),
  token("d:2026-01-01T00:00:00.000Z", "not an id"),
  raw(JSON.stringify({ value: 1, id: ID })),
  raw(JSON.stringify([1, ID, 3])),
  raw("[1,"),
  "!!!not base64!!!",
  "x".repeat(600),
];
/** Tokens a date-sorted list cannot use (a text-sorted list reads them as text). */
const BAD_DATE_TOKENS = [token("d:not a date"), token("d:2026-02-31T99:00:00Z"), token(`d:${"9".repeat(30)}`), token("Amyloid"), token(5)];

/** Every query parameter a list reads. */
const PARAMS = [
  "after",
  "trail",
  "size",
  "page",
  "ipage",
  "wpage",
  "sort",
  "dir",
  "status",
  "q",
  "view",
  "entity",
  "action",
  "from",
  "to",
  "disease",
  "term",
  "category",
  "priority",
  "type",
  "client",
  "area",
  "compound",
  "phase",
  "fs",
  "zoom",
  "tm",
  "lot",
  "first",
  "footnotes",
  "vertical",
  "invalid",
  "show",
  "step",
  "draft",
  "redirectTo",
];
const HOSTILE = [
  "1e308",
  "-1e308",
  "NaN",
  "Infinity",
  "-1",
  "0",
  "99999999999999999999999",
  '{"$gt":""}',
  '{"$ne":null}',
  "$where",
  "[object Object]",
  "__proto__",
  "2026-02-31",
  "d:not a date",
  "ü🙂\u202e\u0000\uffff",
  "'\"><script>alert(1)</script>",
  "x".repeat(10_000),
  token({ $gt: "" }),
];

async function world() {
  const { alpha, neuro, ad, admin, top } = await scene({
    clients: { alpha: { name: "Alpha" } },
    areas: { neuro: { client: "alpha", name: "Neurology" } },
    diseases: {
      ad: { area: "neuro", name: "Alzheimer's", reports: [{ id: "list", name: "News List" }] },
      pd: { area: "neuro", name: "Parkinson's" },
    },
    users: { admin: { role: "admin", grants: ["ad", "pd"] }, top: { role: "admin", isTopAdmin: true } },
  });
  const where = placeOf(ad);
  const days = (n: number) => new Date(Date.now() + n * 86_400_000);
  const seven = <T>(make: (i: number) => T) => Array.from({ length: 7 }, (_, i) => make(i));
  await News.insertMany([
    ...seven((i) => ({ ...where, title: `Amyloid news ${i}`, status: "published", publishedAt: days(-i - 1) })),
    ...seven((i) => ({ ...where, title: `Draft ${i}`, status: "draft" })),
  ]);
  await SavedSearch.insertMany(
    seven((i) => ({ user: admin._id, client: alpha._id, name: `Search ${i}`, query: "q=amyloid", lastSentAt: new Date() })),
  );
  await Event.insertMany(
    seven((i) => ({
      ...where,
      title: `Congress ${i}`,
      type: "Conference",
      startDateTime: days(i + 1),
      endDateTime: days(i + 2),
      timezone: "UTC",
    })),
  );
  await Keyword.insertMany(seven((i) => ({ ...where, name: `amyloid ${i}` })));
  await Company.insertMany(seven((i) => ({ name: `Company ${i}`, type: "Pharmaceutical", logo: `/files/${ID}` })));
  await Compound.insertMany(seven((i) => ({ ...where, name: { generic: `compound ${i}` } })));
  await MonitorSource.insertMany(
    seven((i) => ({ name: `Wire ${i}`, kind: "rss", url: `https://wire${i}.example/feed`, intervalMinutes: 60, nextRunAt: days(1) })),
  );
  await AuditLog.insertMany(
    seven((i) => ({ entity: "company", entityId: ID, entityName: `Company ${i}`, action: "create", at: days(-i) })),
  );
  await Trial.insertMany(seven((i) => ({ ...where, eventTitle: `Trial ${i}`, startDateTime: days(-i) })));
  await CalendarFeed.create({
    user: admin._id,
    client: alpha._id,
    name: "Mine",
    tokenHash: `h-${crypto.randomUUID()}`,
    tokenStart: "abcdef",
  });
  for (let i = 0; i < 5; i++) await createUser({ role: "external", permissions: grantsFor([ad]) });
  return { alpha, neuro, ad, admin, top };
}

interface List {
  name: string;
  loader: Loader;
  path: string;
  as: "admin" | "top";
  params?: Record<string, string>;
  /** Token-paged lists: the rows a page shows, and what the list is sorted by. */
  rows?: (data: Data) => unknown;
  kind?: "date" | "text";
}

function lists(w: Awaited<ReturnType<typeof world>>): List[] {
  const ids = { clientId: String(w.alpha._id), taId: String(w.neuro._id), diseaseId: String(w.ad._id) };
  const rows = (data: Data) => data.rows;
  return [
    { name: "news feed", loader: newsFeed.loader, path: "/news", as: "admin", rows: (d) => d.cards, kind: "date" },
    { name: "news drafts", loader: drafts.loader, path: "/news/drafts", as: "admin", rows, kind: "date" },
    { name: "saved searches", loader: saved.loader, path: "/news/saved", as: "admin", rows: (d) => d.searches, kind: "date" },
    { name: "events feed", loader: eventsFeed.loader, path: "/events", as: "admin", rows: (d) => d.events, kind: "date" },
    { name: "change log", loader: history.loader, path: "/administration/history", as: "top", rows, kind: "date" },
    { name: "trials", loader: trials.loader, path: "/administration/trials", as: "admin", rows, kind: "date" },
    { name: "events (console)", loader: eventsAdmin.loader, path: "/administration/events", as: "admin", rows, kind: "text" },
    { name: "keywords", loader: keywords.loader, path: "/administration/keyword", as: "admin", rows, kind: "text" },
    { name: "companies", loader: companies.loader, path: "/administration/company", as: "admin", rows, kind: "text" },
    { name: "company logos", loader: logos.loader, path: "/manage-company-logos", as: "admin", rows, kind: "text" },
    { name: "compounds", loader: compounds.loader, path: "/administration/compound", as: "admin", rows, kind: "text" },
    { name: "monitoring sources", loader: monitoring.loader, path: "/administration/monitoring", as: "admin", rows, kind: "text" },
    { name: "users", loader: users.loader, path: "/administration/users", as: "admin", rows, kind: "text" },
    { name: "news export", loader: newsExport.loader, path: "/news/export", as: "admin" },
    { name: "dashboard", loader: dashboard.loader, path: "/dashboard", as: "admin" },
    { name: "therapeutic areas", loader: areas.loader, path: `/clients/${ids.clientId}/therapeuticAreas`, as: "admin", params: ids },
    {
      name: "diseases",
      loader: diseases.loader,
      path: `/clients/${ids.clientId}/therapeuticAreas/${ids.taId}/diseases`,
      as: "admin",
      params: ids,
    },
    {
      name: "report's news list",
      loader: reports.loader,
      path: `/clients/${ids.clientId}/therapeuticAreas/${ids.taId}/diseases/${ids.diseaseId}/reports`,
      as: "admin",
      params: ids,
    },
    { name: "calendar feeds", loader: calendarFeeds.loader, path: "/calendar-feeds", as: "admin" },
    { name: "clients (console)", loader: clientsAdmin.loader, path: "/administration/client", as: "top" },
    { name: "saved trial imports", loader: trialImports.loader, path: "/administration/trials/import", as: "admin" },
  ];
}

describe("every list against hostile query strings", () => {
  test("a forged or damaged page token gives the list's first page with a notice; a real one still pages; never a 5xx", async () => {
    const w = await world();
    const cookies = { admin: await sessionCookie(w.admin._id), top: await sessionCookie(w.top._id) };
    const load = async (list: List, query: string) => {
      const request = new Request(`http://x${list.path}?${query}`, { headers: { Cookie: cookies[list.as] } });
      const result = await settle(Promise.resolve(list.loader({ request, params: list.params ?? {}, context: {} })));
      expect(httpStatusOf(result), `${list.name} ?${query.slice(0, 200)}`).toBeLessThan(500);
      return result as Data;
    };
    for (const list of lists(w).filter((l) => l.rows)) {
      const first = await load(list, "size=5");
      expect((list.rows!(first) as unknown[]).length, list.name).toBe(5);
      expect(first.next, `${list.name} has a second page`).toBeTruthy();
      const second = await load(list, `size=5&after=${first.next}`);
      expect(second.place, list.name).toMatchObject({ number: 2, after: first.next });
      expect(second.place?.restarted, list.name).toBeFalsy();
      expect(list.rows!(second), list.name).not.toEqual(list.rows!(first));
      for (const bad of [...BAD_TOKENS, ...(list.kind === "date" ? BAD_DATE_TOKENS : [])]) {
        const page = await load(list, `size=5&after=${encodeURIComponent(bad)}&trail=${encodeURIComponent(bad)}&trail=${first.next}`);
        expect(list.rows!(page), `${list.name} after=${bad.slice(0, 60)}`).toEqual(list.rows!(first));
        expect(page.place, `${list.name} after=${bad.slice(0, 60)}`).toEqual({
          size: 5,
          after: null,
          trail: [],
          number: 1,
          restarted: true,
        });
        expect(page.next).toBe(first.next);
      }
      // A text-sorted list reads a date's token as text: its own kind of page, never an error.
      if (list.kind === "text") for (const other of BAD_DATE_TOKENS) await load(list, `size=5&after=${encodeURIComponent(other)}`);
    }
  }, 60_000);

  test(`${HOSTILE.length} hostile values in every parameter, and every parameter sent twice: never a 5xx`, async () => {
    const w = await world();
    const cookies = { admin: await sessionCookie(w.admin._id), top: await sessionCookie(w.top._id) };
    for (const list of lists(w)) {
      const load = async (query: URLSearchParams) => {
        const request = new Request(`http://x${list.path}?${query}`, { headers: { Cookie: cookies[list.as] } });
        const result = await settle(Promise.resolve(list.loader({ request, params: list.params ?? {}, context: {} })));
        expect(httpStatusOf(result), `${list.name} ?${String(query).slice(0, 200)}`).toBeLessThan(500);
      };
      for (const value of HOSTILE) await load(new URLSearchParams(PARAMS.map((p) => [p, value])));
      // One parameter at a time keeps each from being masked by another's refusal (a redirect, a date problem).
      for (const param of PARAMS)
        await load(
          new URLSearchParams([
            [param, '{"$gt":""}'],
            [param, "1e308"],
            ["type", "list"],
          ]),
        );
    }
  }, 180_000); // some 1,100 requests: about 10 s on SecantusDB, 45 s on FerretDB, which scans whole collections
});
