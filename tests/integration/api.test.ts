import { readFileSync } from "node:fs";
import path from "node:path";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { describe, expect, test } from "vitest";

import { FIELD_REQUIRED, NO_SUCH_TOKEN, noVersionOn, TOKEN_REVOKED } from "#common/messages";
import { trusted } from "#db/connection.server";
import { ApiToken, AuditLog, Company, Compound, Event, Keyword, News, Trial, TrialChange, User } from "#db/models/index.server";
import { RateLimit } from "#db/models/rate-limit.server";
import { buildReport } from "#workers/engine";
import * as userTokens from "~/routes/_app+/administration+/users+/$userId.api-tokens";
import * as page from "~/routes/_app+/api-tokens";
import { V1_ENDPOINTS } from "~/services/api/v1.server";
import { storeSheetCopy } from "~/utils/sheets/store.server";

import { generateSheet } from "../../scripts/bench/generate";
import { apiClient, expectDocumented, route, send } from "../api/client";
import { generatedTypes, type document } from "../api/document";
import { callAction, callLoader, createUser, grantsFor, httpStatusOf, placeOf, scene, sessionCookie, toastsOf } from "../db-utils";
import { alzheimersSheet } from "../unit/engine/fixtures/alzheimers";
import { longestBlock, timesEventLoop } from "./sheets/helpers";

// The integration API (issue 29) against the real database, called through a client generated from its OpenAPI
// document, every answer checked against that document (tests/api/client.ts): tokens made and revoked on the API
// Tokens page, acting with the owner's current access, refused without one or with a cookie, problem details for
// every refusal, ETags, the rate limit, and the landscape and news a token's owner may see — never another client's.

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
const reports = ["landscape-type-1", "list"].map((id) => ({ id, name: id }));

async function world() {
  const w = await scene({
    clients: { alpha: "Alpha", beta: "Beta" },
    areas: { neuro: { client: "alpha", name: "Neurology" }, immuno: { client: "beta", name: "Immunology" } },
    diseases: {
      ad: { area: "neuro", name: "Alzheimer's disease", reports, titlePrefix: "Alzheimer's Disease" },
      pd: { area: "neuro", name: "Parkinson's disease", reports: [] },
      lupus: { area: "immuno", name: "Lupus", reports },
    },
    users: { analyst: { role: "external", grants: ["ad"] }, rival: { role: "external", grants: ["lupus"] } },
  });
  const base = { client: w.alpha._id, therapeuticArea: w.neuro._id, status: "published" as const };
  await News.create([
    ...Array.from({ length: 5 }, (_, i) => ({
      ...base,
      title: `Amyloid news ${i}`,
      disease: w.ad._id,
      publishedAt: daysAgo(1 + i),
      priority: 2,
    })),
    { ...base, title: "Parkinson's readout", disease: w.pd._id, publishedAt: daysAgo(1) },
    { ...base, title: "An Alzheimer's draft", disease: w.ad._id, status: "draft" as const, publishedAt: daysAgo(1) },
    {
      client: w.beta._id,
      therapeuticArea: w.immuno._id,
      disease: w.lupus._id,
      status: "published" as const,
      title: "Lupus news",
      publishedAt: daysAgo(1),
    },
  ]);
  return w;
}

/** A token made on the API Tokens page, as the form posts it; the secret the page shows once. */
async function makeToken(user: { _id: unknown }, form: Record<string, string> = {}) {
  const result = await callAction(page, {
    user,
    url: "/api-tokens",
    form: { intent: "create", name: "Intranet", days: "30", scope: "read", ...form },
  });
  expect(httpStatusOf(result)).toBe(200);
  const created = (result as { created: { name: string; secret: string } }).created;
  expect(created.secret).toMatch(/^psk_[\w-]{43}$/);
  return created.secret;
}

const problemOf = async (response: Response) => {
  expect(response.headers.get("Content-Type")).toBe("application/problem+json");
  return (await response.json()) as { status: number; detail: string; errors?: Array<{ pointer: string; detail: string }> };
};

describe("API tokens", () => {
  test("a token is shown once, listed by its start afterwards, acts as its owner, and stops at once when revoked", async () => {
    const w = await world();
    const secret = await makeToken(w.analyst);
    const listed = (await callLoader(page, { user: w.analyst, url: "/api-tokens" })) as Awaited<ReturnType<typeof page.loader>>;
    expect(listed.tokens.map((t) => [t.name, t.scope, t.start, t.lastUsedAt])).toEqual([["Intranet", "read", secret.slice(0, 10), null]]);
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect((await ApiToken.findOne({ user: w.analyst._id }).lean())!.tokenHash).not.toContain(secret.slice(4));

    const me = await apiClient(secret).GET("/me");
    expect(me.response.status).toBe(200);
    expect(me.data).toMatchObject({ _id: String(w.analyst._id), role: "external", token: { name: "Intranet", scope: "read" } });
    const used = (await callLoader(page, { user: w.analyst, url: "/api-tokens" })) as Awaited<ReturnType<typeof page.loader>>;
    expect(used.tokens[0]!.lastUsedAt).not.toBeNull();

    // Someone else cannot revoke it; its owner can.
    const foreign = await callAction(page, { user: w.rival, url: "/api-tokens", form: { intent: "revoke", tokenId: used.tokens[0]!.id } });
    expect(await toastsOf(foreign as Response)).toEqual([NO_SUCH_TOKEN]);
    expect((await apiClient(secret).GET("/me")).response.status).toBe(200);
    const revoked = await callAction(page, {
      user: w.analyst,
      url: "/api-tokens",
      form: { intent: "revoke", tokenId: used.tokens[0]!.id },
    });
    expect(await toastsOf(revoked as Response)).toEqual([TOKEN_REVOKED]);
    const refused = await apiClient(secret).GET("/me");
    expect(refused.response.status).toBe(401);
    expect(refused.error).toMatchObject({ status: 401, detail: "The token is unknown, expired or revoked." });
  });

  test("the form refuses a missing name, an expiry beyond a year and an unknown scope, and makes nothing", async () => {
    const w = await world();
    for (const form of [{ name: " " }, { days: "400" }, { scope: "admin" }]) {
      const result = await callAction(page, {
        user: w.analyst,
        url: "/api-tokens",
        form: { intent: "create", name: "X", days: "30", scope: "read", ...form },
      });
      expect(httpStatusOf(result)).toBe(400);
    }
    expect(await ApiToken.countDocuments({ user: w.analyst._id })).toBe(0);
  });

  test("no token, a cookie instead, an unknown or expired token: 401; a blocked owner: 403 — each a problem with a message", async () => {
    const w = await world();
    const secret = await makeToken(w.analyst);
    const cookieOnly = await apiClient(undefined, { Cookie: await sessionCookie(w.analyst._id) }).GET("/me");
    expect(cookieOnly.response.status).toBe(401);
    expect(cookieOnly.response.headers.get("WWW-Authenticate")).toMatch(/^Bearer /);
    expect((await apiClient("psk_" + "x".repeat(43)).GET("/me")).response.status).toBe(401);
    expect((await apiClient("Basic abc").GET("/me")).response.status).toBe(401);

    await ApiToken.updateOne({ user: w.analyst._id }, { $set: { expiresAt: daysAgo(1) } });
    expect((await apiClient(secret).GET("/me")).error).toMatchObject({ status: 401 });
    await ApiToken.updateOne({ user: w.analyst._id }, { $set: { expiresAt: new Date(Date.now() + 86_400_000) } });
    await User.updateOne({ _id: w.analyst._id }, { $set: { status: "blocked" } });
    expect((await apiClient(secret).GET("/me")).error).toMatchObject({ status: 403, detail: "The token's owner is not an active user." });
  });
});

describe("the landscape through the API", () => {
  test("permissions, clients, areas and diseases are the owner's own; another client's are 404s with the spec's messages", async () => {
    const w = await world();
    const api = apiClient(await makeToken(w.analyst));
    const permissions = await api.GET("/users/user-permissions");
    expect(permissions.data).toEqual([
      {
        _id: String(w.alpha._id),
        name: w.alpha.name,
        permissions: [
          {
            therapeuticArea: { _id: String(w.neuro._id), name: "Neurology" },
            diseases: [{ _id: String(w.ad._id), name: "Alzheimer's disease" }],
          },
        ],
      },
    ]);
    expect((await api.GET("/clients")).data).toEqual({ clients: [{ _id: String(w.alpha._id), name: w.alpha.name }] });
    const areas = await api.GET("/clients/{clientId}/therapeutic-areas", { params: { path: { clientId: String(w.alpha._id) } } });
    expect(areas.data?.therapeuticAreas.map((a) => a.name)).toEqual(["Neurology"]);
    const diseases = await api.GET("/clients/{clientId}/therapeutic-areas/{taId}/diseases", {
      params: { path: { clientId: String(w.alpha._id), taId: String(w.neuro._id) } },
    });
    expect(diseases.data?.diseases).toEqual([
      { _id: String(w.ad._id), name: "Alzheimer's disease", therapeuticArea: String(w.neuro._id), reportCount: 2 },
    ]);
    const disease = await api.GET("/diseases/{diseaseId}", { params: { path: { diseaseId: String(w.ad._id) } } });
    expect(disease.data).toMatchObject({
      name: "Alzheimer's disease",
      reports: [{ id: "landscape-type-1", name: "Pipeline by phase" }, { id: "list" }],
    });
    expect(disease.data?.link).toMatch(
      new RegExp(`/clients/${String(w.alpha._id)}/therapeuticAreas/${String(w.neuro._id)}/diseases/${String(w.ad._id)}/reports$`),
    );

    const foreignClient = await api.GET("/clients/{clientId}/therapeutic-areas", { params: { path: { clientId: String(w.beta._id) } } });
    expect(foreignClient.error).toMatchObject({ status: 404, detail: "Invalid Client ID" });
    for (const diseaseId of [w.lupus._id, w.pd._id]) {
      const refused = await api.GET("/diseases/{diseaseId}", { params: { path: { diseaseId: String(diseaseId) } } });
      expect(refused.error).toMatchObject({ status: 404, detail: "Invalid ID" });
    }
    // A grant taken away is taken from the token at the next request.
    await User.updateOne({ _id: w.analyst._id }, { $set: { permissions: grantsFor([]) } });
    expect((await api.GET("/diseases/{diseaseId}", { params: { path: { diseaseId: String(w.ad._id) } } })).response.status).toBe(404);
    expect((await api.GET("/users/user-permissions")).data?.flatMap((c) => c.permissions.flatMap((p) => p.diseases))).toEqual([]);
  });

  test("a report's model: the rows shown and the rows left out with reasons, the sheet's read time; a report not offered is a 404", async () => {
    const w = await world();
    await storeSheetCopy(w.ad._id, alzheimersSheet());
    const api = apiClient(await makeToken(w.analyst));
    const report = await api.GET("/diseases/{diseaseId}/reports/{type}", {
      params: { path: { diseaseId: String(w.ad._id), type: "landscape-type-1" } },
    });
    expect(report.response.status).toBe(200);
    const { model } = report.data!;
    expect(report.data).toMatchObject({ type: "landscape-type-1", name: "Pipeline by phase", disease: { name: "Alzheimer's disease" } });
    expect(Date.parse(report.data!.sheetReadAt)).toBeGreaterThan(0);
    expect(model.stats.shownRecords).toBeGreaterThan(0);
    expect(model.invalidRecords.length).toBe(model.stats.invalidRecords);
    expect(model.invalidRecords.every((r) => r.reason.length > 0 && r.sheetRow > 0)).toBe(true);
    expect(model.columns).toBeDefined();

    const missing = await api.GET("/diseases/{diseaseId}/reports/{type}", {
      params: { path: { diseaseId: String(w.ad._id), type: "timeline-chart" } },
    });
    expect(missing.error).toMatchObject({ status: 404, detail: "Alzheimer's disease has no report 'timeline-chart'." });
    // As of a day: the version read by its end; before the first read, a 422 saying so.
    const earlier = alzheimersSheet();
    await storeSheetCopy(w.ad._id, { ...earlier, values: earlier.values.slice(0, -1), fetchedAt: "2026-01-05T09:00:00Z" });
    const asOf = (day: string) =>
      api.GET("/diseases/{diseaseId}/reports/{type}", {
        params: { path: { diseaseId: String(w.ad._id), type: "landscape-type-1" }, query: { asOf: day } },
      });
    const then = await asOf("2026-01-08");
    expect(then.data?.sheetReadAt).toBe("2026-01-05T09:00:00.000Z");
    expect(then.data?.model.stats.shownRecords).toBeLessThanOrEqual(model.stats.shownRecords);
    expect((await asOf("2025-12-31")).error).toMatchObject({ status: 422, detail: noVersionOn("31/12/2025") });
    // What changed since the 8th: the rows then and now compared, and the registry's move of a trial a row names
    // seen since (one seen before the 8th is not); a since that is not a past day is a 400.
    const trial = await Trial.create({ eventTitle: "CLARITY AD", trialIdentifier: "NCT03887455", ...placeOf(w.ad) });
    const move = (seenAt: string) => ({
      trial: trial._id,
      client: w.ad.client,
      disease: w.ad._id,
      trialIdentifier: "NCT03887455",
      field: "primaryCompletionDate" as const,
      previous: "2022-09-30",
      next: "2023-03-31",
      seenAt: new Date(seenAt),
    });
    await TrialChange.create([move("2026-01-02T08:00:00Z"), move("2026-01-20T08:00:00Z")]);
    const changes = await api.GET("/diseases/{diseaseId}/reports/{type}/changes", {
      params: { path: { diseaseId: String(w.ad._id), type: "landscape-type-1" }, query: { since: "2026-01-08" } },
    });
    expect(changes.data).toMatchObject({ since: "2026-01-08", sheetReadAt: "2026-01-05T09:00:00.000Z" });
    expect(changes.data?.registry.map((r) => [r.trial, r.seenAt, r.text])).toEqual([
      [
        "NCT03887455",
        "2026-01-20",
        "lecanemab (Leqembi) — NCT03887455: primary completion moved from 30/09/2022 to 31/03/2023 (registry, seen 20/01/2026)",
      ],
    ]);
    expect(changes.data?.link).toMatch(/type=landscape-type-1&compare=2026-01-08$/);
    expect(
      (
        await api.GET("/diseases/{diseaseId}/reports/{type}/changes", {
          params: { path: { diseaseId: String(w.ad._id), type: "landscape-type-1" }, query: { since: "2999-01-01" } },
        })
      ).error,
    ).toMatchObject({ status: 400 });
    const foreign = await apiClient(await makeToken(w.rival)).GET("/diseases/{diseaseId}/reports/{type}", {
      params: { path: { diseaseId: String(w.ad._id), type: "landscape-type-1" } },
    });
    expect(foreign.error).toMatchObject({ status: 404, detail: "Invalid ID" });
  });

  timesEventLoop(
    "a 10,000-row sheet's model is built off the event loop; its ETag follows the sheet, and a 304 needs no build",
    async () => {
      const w = await world();
      const sheet = generateSheet(10_000);
      await storeSheetCopy(w.ad._id, sheet);
      const secret = await makeToken(w.analyst);
      const path = `/api/v1/diseases/${w.ad._id}/reports/landscape-type-1`;
      const get = (query = "", headers: Record<string, string> = {}) =>
        send(new Request(`http://localhost${path}${query}`, { headers: { Authorization: `Bearer ${secret}`, ...headers } }));

      // The server's part, timed: the answer made and its bytes read (the test's own checks of them come after).
      const request = () => new Request(`http://localhost${path}`, { headers: { Authorization: `Bearer ${secret}` } });
      const { result, blockedMs } = await longestBlock(async () => {
        const response = await route(request());
        return { response, bytes: await response.clone().arrayBuffer() };
      });
      expect(blockedMs).toBeLessThan(100);
      await expectDocumented(request(), result.response);
      expect(result.response.status).toBe(200);
      const body = JSON.parse(new TextDecoder().decode(result.bytes)) as { model: unknown };
      expect(body.model).toEqual(JSON.parse(JSON.stringify(buildReport("landscape-type-1", sheet))));
      const etag = result.response.headers.get("ETag")!;
      expect((await get("", { "If-None-Match": etag })).status).toBe(304);
      // The sheet read again is another representation.
      await storeSheetCopy(w.ad._id, alzheimersSheet());
      const reread = await get("", { "If-None-Match": etag });
      expect(reread.status).toBe(200);
      expect(reread.headers.get("ETag")).not.toBe(etag);
    },
    120_000,
  );
});

describe("news through the API", () => {
  test("search pages the owner's published news by nextPage or by number, with filter values and a count; another client's is refused", async () => {
    const w = await world();
    const api = apiClient(await makeToken(w.analyst));
    const client = String(w.alpha._id);
    const first = await api.POST("/news/search", { body: { limit: 2, filters: { client } } });
    expect(first.response.status).toBe(200);
    expect(first.data?.news.map((n) => n.title)).toEqual(["Amyloid news 0", "Amyloid news 1"]);
    expect(first.data).toMatchObject({
      totalCount: 5,
      totalCountExact: true,
      filterValues: { diseases: [{ value: String(w.ad._id), label: "Alzheimer's disease" }] },
    });
    expect(first.data?.news[0]).toMatchObject({
      priority: 2,
      disease: "Alzheimer's disease",
      link: expect.stringMatching(/\/news\/[0-9a-f]{24}$/),
    });
    const second = await api.POST("/news/search", { body: { limit: 2, forwardToken: first.data!.nextPage!, filters: { client } } });
    const byNumber = await api.POST("/news/search", { body: { limit: 2, page: 2, filters: { client } } });
    expect(second.data?.news.map((n) => n.title)).toEqual(["Amyloid news 2", "Amyloid news 3"]);
    expect(byNumber.data?.news).toEqual(second.data?.news);
    const beyond = await api.POST("/news/search", { body: { limit: 2, page: 4, filters: { client } } });
    expect(beyond.data).toMatchObject({ news: [], nextPage: null });

    const item = await api.GET("/news/{newsId}", { params: { path: { newsId: first.data!.news[0]!._id } } });
    expect(item.data).toMatchObject({ title: "Amyloid news 0", status: "published" });
    const others = await News.find({
      client: trusted({ $in: [w.alpha._id, w.beta._id] }),
      title: trusted({ $in: ["Parkinson's readout", "An Alzheimer's draft", "Lupus news"] }),
    }).lean();
    expect(others).toHaveLength(3);
    for (const other of others)
      expect((await api.GET("/news/{newsId}", { params: { path: { newsId: String(other._id) } } })).response.status).toBe(404);
    const foreign = await api.POST("/news/search", { body: { filters: { client: String(w.beta._id) } } });
    expect(foreign.error).toMatchObject({ status: 404, detail: "Invalid Client ID" });
    expect((await api.GET("/filters/news/{clientId}", { params: { path: { clientId: String(w.beta._id) } } })).response.status).toBe(404);
  });

  test("bad input is a 400 problem naming each field, and nothing is read: operator injection, wrong types, bad JSON, not JSON", async () => {
    const w = await world();
    const secret = await makeToken(w.analyst);
    const post = (body: string, type = "application/json") =>
      send(
        new Request("http://localhost/api/v1/news/search", {
          method: "POST",
          headers: { Authorization: `Bearer ${secret}`, "Content-Type": type },
          body,
        }),
      );
    const injected = await problemOf(
      await post(JSON.stringify({ filters: { client: { $gt: "" }, diseases: [{ $ne: null }] }, limit: "10" })),
    );
    expect(injected.status).toBe(400);
    expect(injected.errors?.map((e) => e.pointer)).toEqual(["body.limit", "body.filters.client", "body.filters.diseases.0"]);
    expect((await problemOf(await post("{"))).detail).toBe("The body is not valid JSON.");
    expect((await problemOf(await post("client=x", "application/x-www-form-urlencoded"))).status).toBe(415);
    expect(
      (await problemOf(await send(new Request("http://localhost/api/v1/nowhere", { headers: { Authorization: `Bearer ${secret}` } }))))
        .status,
    ).toBe(404);
    const wrongMethod = await send(
      new Request("http://localhost/api/v1/me", { method: "DELETE", headers: { Authorization: `Bearer ${secret}` } }),
    );
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("Allow")).toBe("GET");
    const badId = await apiClient(secret).GET("/diseases/{diseaseId}", { params: { path: { diseaseId: "x" } } });
    expect(badId.error).toMatchObject({ status: 400, errors: [{ pointer: "path.diseaseId" }] });
  });
});

describe("writing news through the API", () => {
  async function newsWorld() {
    const w = await world();
    const admin = await createUser({ role: "admin", permissions: grantsFor([w.ad]) });
    const company = await Company.create({ name: `Eisai ${w.tag}`, type: "Pharmaceutical" });
    const compound = await Compound.create({ name: { generic: `lecanemab ${w.tag}` }, ...placeOf(w.ad) });
    const draft = {
      client: String(w.alpha._id),
      therapeuticArea: String(w.neuro._id),
      disease: String(w.ad._id),
      companies: [String(company._id)],
      compounds: [String(compound._id)],
      categories: ["Regulatory" as const],
      priority: 2,
      title: "Approval in Japan",
      content: "<p>Approved.</p><script>alert(1)</script><img src=x onerror=alert(2)>",
      analystCommentary: "A first approval outside the US.",
      status: "draft" as const,
      sources: [{ name: "Press release", link: "https://example.com/pr" }],
    };
    return { ...w, admin, draft };
  }

  test("an admin's read-and-write token writes a draft as the editor would, publishes it, deletes it; the change log names the token", async () => {
    const w = await newsWorld();
    const api = apiClient(await makeToken(w.admin, { name: "Newsroom", scope: "read+write" }));
    const created = await api.POST("/news", { body: w.draft });
    expect(created.response.status).toBe(201);
    const news = created.data!.news;
    expect(news).toMatchObject({
      title: "Approval in Japan",
      status: "draft",
      analystCommentary: "A first approval outside the US.",
      priority: 2,
    });
    expect(news.content).toContain("<p>Approved.</p>");
    expect(news.content).not.toMatch(/script|onerror/);
    expect(news.companies).toEqual([`Eisai ${w.tag}`]);
    // A draft is not in the feed; published, it is, and the analyst reads it.
    const analyst = apiClient(await makeToken(w.analyst));
    expect((await analyst.GET("/news/{newsId}", { params: { path: { newsId: news._id } } })).response.status).toBe(404);
    const published = await api.PUT("/news/{newsId}", { params: { path: { newsId: news._id } }, body: { status: "published" } });
    expect(published.data?.news).toMatchObject({ status: "published", title: "Approval in Japan", publishedAt: expect.any(Number) });
    expect((await analyst.GET("/news/{newsId}", { params: { path: { newsId: news._id } } })).data).toMatchObject({
      title: "Approval in Japan",
    });

    const log = await AuditLog.find({ entity: "news", entityId: news._id }).sort({ at: 1, _id: 1 }).lean();
    expect(log.map((e) => [e.action, e.actorName])).toEqual([
      ["create", 'Test User (API token "Newsroom")'],
      ["update", 'Test User (API token "Newsroom")'],
    ]);
    expect(log[1]!.changes.map((c) => c.field)).toContain("status");

    const removed = await api.DELETE("/news/{newsId}", { params: { path: { newsId: news._id } } });
    expect(removed.data).toEqual({ message: "News Deleted" });
    expect(await News.countDocuments({ _id: news._id })).toBe(0);
    expect((await api.DELETE("/news/{newsId}", { params: { path: { newsId: news._id } } })).response.status).toBe(404);
  });

  test("a write is refused, and nothing written: a read-only token, a reader's token, the editor's rules, another client's disease", async () => {
    const w = await newsWorld();
    const before = await News.countDocuments({ client: trusted({ $in: [w.alpha._id, w.beta._id] }) });
    const readOnly = await apiClient(await makeToken(w.admin)).POST("/news", { body: w.draft });
    expect(readOnly.error).toMatchObject({
      status: 403,
      detail: "This token may only read: make a token with the scope 'Read and write'.",
    });
    const reader = await apiClient(await makeToken(w.analyst, { scope: "read+write" })).POST("/news", { body: w.draft });
    expect(reader.error).toMatchObject({ status: 403, detail: "You don't have permission to do this." });

    const api = apiClient(await makeToken(w.admin, { scope: "read+write" }));
    const invalid = await api.POST("/news", { body: { ...w.draft, companies: [], content: "<p> </p>" } });
    expect(invalid.error?.errors).toEqual([
      { pointer: "body.companies", detail: "Companies is required!" },
      { pointer: "body.content", detail: "Content is required!" },
    ]);
    const foreign = await api.POST("/news", {
      body: { ...w.draft, client: String(w.beta._id), therapeuticArea: String(w.immuno._id), disease: String(w.lupus._id) },
    });
    expect(foreign.error).toMatchObject({ status: 400, errors: [{ pointer: "body.client" }] });
    const script = await api.POST("/news", { body: { ...w.draft, attachments: [{ name: "x", link: "javascript:alert(1)" }] } });
    expect(script.error).toMatchObject({ status: 400, errors: [{ pointer: "body.attachments" }] });
    expect(await News.countDocuments({ client: trusted({ $in: [w.alpha._id, w.beta._id] }) })).toBe(before);
  });

  test("the export is the feed's PowerPoint, News.pptx, of the news the filters select", async () => {
    const w = await world();
    const exported = await apiClient(await makeToken(w.analyst)).POST("/news/export", {
      body: { filters: { client: String(w.alpha._id) } },
      parseAs: "arrayBuffer",
    });
    expect(exported.response.status).toBe(200);
    expect(exported.response.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.presentationml.presentation");
    expect(exported.response.headers.get("Content-Disposition")).toBe('attachment; filename="News.pptx"');
    const slides = new Set(
      Buffer.from(exported.data as ArrayBuffer)
        .toString("latin1")
        .match(/ppt\/slides\/slide\d+\.xml/g),
    );
    // The title slide, one overview slide (12 rows a slide), a slide for each of the 5 published Alzheimer's items.
    expect(slides.size).toBe(1 + 1 + 5);
  });
});

describe("API behaviour", () => {
  test("reads carry an ETag and answer If-None-Match with 304; past the rate limit a 429 with Retry-After", async () => {
    const w = await world();
    const secret = await makeToken(w.analyst);
    const first = await apiClient(secret).GET("/clients");
    const etag = first.response.headers.get("ETag")!;
    expect(etag).toMatch(/^W\/"/);
    expect(first.response.headers.get("RateLimit-Policy")).toBe('"per-token";q=600;w=60');
    const again = await send(
      new Request("http://localhost/api/v1/clients", { headers: { Authorization: `Bearer ${secret}`, "If-None-Match": etag } }),
    );
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");

    const token = (await ApiToken.findOne({ user: w.analyst._id }).lean())!;
    await RateLimit.updateOne({ _id: `api|${String(token._id)}` }, { $set: { count: 600 } });
    const limited = await apiClient(secret).GET("/clients");
    expect(limited.response.status).toBe(429);
    expect(Number(limited.response.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(limited.response.headers.get("RateLimit")).toMatch(/^"per-token";r=0;t=\d+$/);
    // Another token of the same owner has its own allowance.
    expect((await apiClient(await makeToken(w.analyst)).GET("/clients")).response.status).toBe(200);
  });

  test("the OpenAPI document is served without a token, and the generated client's types are written from it", async () => {
    const served = await send(new Request("http://localhost/api/v1/openapi.json"));
    expect(served.status).toBe(200);
    const doc = (await served.json()) as ReturnType<typeof document>;
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toContain("/news/search");
    // Valid OpenAPI 3.1 by Redocly's validator (its "recommended" rules: structure, references, unique operation ids,
    // a 2xx answer each…), errors and warnings alike.
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: "openapi.json",
      // (Its server is APP_URL, a loopback address in the tests.)
      config: await createConfig({ extends: ["recommended"], rules: { "no-server-example.com": "off" } }),
    });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
    const written = readFileSync(path.resolve(import.meta.dirname, "../api/schema.d.ts"), "utf8");
    expect(written, "tests/api/schema.d.ts is out of date: run npm run api:types").toBe(await generatedTypes());
  });
});

// The API's route × role matrix: every endpoint, with a read token and a read-and-write token of each role, on the
// caller's own records and on another client's; then every endpoint with a revoked and an expired token, a blocked
// owner and a session cookie alone. Writes are sent only where they must be refused or with a body the editor's rules
// refuse, so nothing changes.
describe("the API's endpoints × tokens", () => {
  type Role = "external" | "editor" | "admin" | "top";
  type Call = { method: "GET" | "POST" | "PUT" | "DELETE"; path: string; body?: unknown };
  const ROLES: Role[] = ["external", "editor", "admin", "top"];

  async function matrixWorld() {
    const w = await scene({
      clients: { alpha: "Alpha", beta: "Beta" },
      areas: { neuro: { client: "alpha" }, immuno: { client: "beta" } },
      diseases: { ad: { area: "neuro", reports }, lupus: { area: "immuno", reports } },
      users: {
        external: { role: "external", grants: ["ad"] },
        editor: { role: "editor", grants: ["ad"] },
        admin: { role: "admin", grants: ["ad"] },
        top: { role: "admin", isTopAdmin: true },
      },
    });
    await storeSheetCopy(w.ad._id, alzheimersSheet());
    await storeSheetCopy(w.lupus._id, alzheimersSheet());
    const item = (d: typeof w.ad) =>
      News.create({ ...placeOf(d), title: "Readout", status: "published" as const, publishedAt: daysAgo(1), content: "<p>x</p>" });
    const records = async (d: typeof w.ad) => ({
      news: String((await item(d))._id),
      event: String(
        (
          await Event.create({
            ...placeOf(d),
            title: "Congress",
            type: "Conference",
            startDateTime: new Date(Date.now() + 7 * 86_400_000),
            endDateTime: new Date(Date.now() + 8 * 86_400_000),
            timezone: "UTC",
          })
        )._id,
      ),
      trial: String((await Trial.create({ ...placeOf(d), eventTitle: "Matrix trial" }))._id),
      keyword: String((await Keyword.create({ ...placeOf(d), name: "amyloid" }))._id),
      compound: String((await Compound.create({ ...placeOf(d), name: { generic: "matrixumab" } }))._id),
    });
    const ids = async (client: typeof w.alpha, area: typeof w.neuro, disease: typeof w.ad) => ({
      client: String(client._id),
      area: String(area._id),
      disease: String(disease._id),
      ...(await records(disease)),
    });
    // Companies are every client's: one for both places.
    const company = String((await Company.create({ name: `Matrix Pharma ${w.tag}`, type: "Pharmaceutical" }))._id);
    return {
      ...w,
      own: { ...(await ids(w.alpha, w.neuro, w.ad)), company },
      foreign: { ...(await ids(w.beta, w.immuno, w.lupus)), company },
    };
  }
  type Ids = Awaited<ReturnType<typeof matrixWorld>>["own"];

  /** Each endpoint's request for the records `ids`, and what it answers a reader of them (read endpoints) or an admin
   *  of them (writes, whose bodies the editor's rules refuse: a 400 proves the token got through, and writes nothing). */
  const CONSOLE: Role[] = ["editor", "admin", "top"];
  const NEWSROOM: Role[] = ["admin", "top"];
  /** `may`: the roles the endpoint serves (all by default); `write`: it also needs a read-and-write token. */
  const ENDPOINTS: Record<string, { call: (ids: Ids) => Call; seen: number; write?: boolean; scoped?: boolean; may?: Role[] }> = {
    getMe: { call: () => ({ method: "GET", path: "/me" }), seen: 200 },
    getUserPermissions: { call: () => ({ method: "GET", path: "/users/user-permissions" }), seen: 200 },
    listClients: { call: () => ({ method: "GET", path: "/clients" }), seen: 200 },
    listTherapeuticAreas: { call: (i) => ({ method: "GET", path: `/clients/${i.client}/therapeutic-areas` }), seen: 200, scoped: true },
    listDiseases: {
      call: (i) => ({ method: "GET", path: `/clients/${i.client}/therapeutic-areas/${i.area}/diseases` }),
      seen: 200,
      scoped: true,
    },
    getDisease: { call: (i) => ({ method: "GET", path: `/diseases/${i.disease}` }), seen: 200, scoped: true },
    getReportModel: { call: (i) => ({ method: "GET", path: `/diseases/${i.disease}/reports/landscape-type-1` }), seen: 200, scoped: true },
    searchNews: {
      call: (i) => ({ method: "POST", path: "/news/search", body: { filters: { client: i.client } } }),
      seen: 200,
      scoped: true,
    },
    exportNews: {
      call: (i) => ({ method: "POST", path: "/news/export", body: { filters: { client: i.client } } }),
      seen: 200,
      scoped: true,
    },
    getNews: { call: (i) => ({ method: "GET", path: `/news/${i.news}` }), seen: 200, scoped: true },
    getNewsFilters: { call: (i) => ({ method: "GET", path: `/filters/news/${i.client}` }), seen: 200, scoped: true },
    searchCompounds: {
      call: (i) => ({ method: "POST", path: "/compounds/search", body: { filters: { client: i.client } } }),
      seen: 200,
      scoped: true,
    },
    searchEvents: {
      call: (i) => ({ method: "POST", path: "/events/search", body: { filters: { client: i.client } } }),
      seen: 200,
      scoped: true,
    },
    getEventIcs: { call: (i) => ({ method: "GET", path: `/events/${i.event}/ics` }), seen: 200, scoped: true },
    listEvents: { call: () => ({ method: "GET", path: "/events?name=congress" }), seen: 200, may: CONSOLE },
    listCompounds: { call: () => ({ method: "GET", path: "/compounds" }), seen: 200, may: CONSOLE },
    listCompanies: { call: () => ({ method: "GET", path: "/companies?limit=5" }), seen: 200, may: CONSOLE },
    listKeywords: { call: () => ({ method: "GET", path: "/keywords" }), seen: 200, may: CONSOLE },
    listTrials: { call: () => ({ method: "GET", path: "/trials?name=matrix" }), seen: 200, may: CONSOLE },
    getTrial: { call: (i) => ({ method: "GET", path: `/trials/${i.trial}` }), seen: 200, scoped: true, may: CONSOLE },
    createNews: {
      call: (i) => ({
        method: "POST",
        path: "/news",
        body: { client: i.client, therapeuticArea: i.area, disease: i.disease, title: "Hijacked" },
      }),
      seen: 400,
      write: true,
      may: NEWSROOM,
    },
    updateNews: {
      call: (i) => ({ method: "PUT", path: `/news/${i.news}`, body: { title: "Hijacked", disease: "0".repeat(24) } }),
      seen: 400,
      write: true,
      scoped: true,
      may: NEWSROOM,
    },
    // An id no item has: 404 for whoever may delete news, and nothing deleted.
    deleteNews: { call: () => ({ method: "DELETE", path: `/news/${"0".repeat(24)}` }), seen: 404, write: true, may: NEWSROOM },
    createKeyword: {
      call: (i) => ({
        method: "POST",
        path: "/keywords",
        body: { name: "", status: "active", client: i.client, therapeuticArea: i.area, disease: i.disease, priority: 2 },
      }),
      seen: 400,
      write: true,
      may: CONSOLE,
    },
    updateKeyword: {
      call: (i) => ({ method: "PUT", path: `/keywords/${i.keyword}`, body: { name: "Hijacked", disease: "0".repeat(24) } }),
      seen: 400,
      write: true,
      scoped: true,
      may: CONSOLE,
    },
    deleteKeyword: { call: () => ({ method: "DELETE", path: `/keywords/${"0".repeat(24)}` }), seen: 404, write: true, may: CONSOLE },
    createCompany: {
      call: () => ({ method: "POST", path: "/companies", body: { name: " ", type: "Pharmaceutical", status: "active" } }),
      seen: 400,
      write: true,
      may: CONSOLE,
    },
    updateCompany: {
      call: (i) => ({ method: "PUT", path: `/companies/${i.company}`, body: { name: "Hijacked", type: "Bogus" } }),
      seen: 400,
      write: true,
      may: CONSOLE,
    },
    deleteCompany: { call: () => ({ method: "DELETE", path: `/companies/${"0".repeat(24)}` }), seen: 404, write: true, may: CONSOLE },
    getReportChanges: {
      call: (i) => ({ method: "GET", path: `/diseases/${i.disease}/reports/landscape-type-1/changes?since=2025-12-01` }),
      seen: 422,
      scoped: true,
    },
    createCompound: {
      call: (i) => ({
        method: "POST",
        path: "/compounds",
        body: { name: { generic: "Hijacked" }, client: i.client, therapeuticArea: i.area, disease: i.disease, originator: "" },
      }),
      seen: 400,
      write: true,
      may: CONSOLE,
    },
    updateCompound: {
      call: (i) => ({ method: "PUT", path: `/compounds/${i.compound}`, body: { name: { generic: "Hijacked" }, disease: "0".repeat(24) } }),
      seen: 400,
      write: true,
      scoped: true,
      may: CONSOLE,
    },
    deleteCompound: { call: () => ({ method: "DELETE", path: `/compounds/${"0".repeat(24)}` }), seen: 404, write: true, may: CONSOLE },
  };

  const request = (call: Call, headers: Record<string, string>) =>
    send(
      new Request(`http://localhost/api/v1${call.path}`, {
        method: call.method,
        headers: { ...headers, ...(call.body ? { "Content-Type": "application/json" } : {}) },
        body: call.body ? JSON.stringify(call.body) : undefined,
      }),
    );

  test("the table names every endpoint of the document", () => {
    expect(Object.keys(ENDPOINTS).sort()).toEqual(V1_ENDPOINTS.map((e) => e.operationId).sort());
  });

  test("each role's read and read-and-write tokens, on its own records and another client's", async () => {
    const w = await matrixWorld();
    for (const role of ROLES) {
      for (const scope of ["read", "read+write"] as const) {
        const bearer = { Authorization: `Bearer ${await makeToken(w[role], { scope })}` };
        for (const [operation, e] of Object.entries(ENDPOINTS)) {
          for (const place of ["own", "foreign"] as const) {
            if (place === "foreign" && !e.scoped) continue;
            const refused = (e.may && !e.may.includes(role)) || (e.write && scope === "read") ? 403 : null;
            // Another client's records are a 404 — except to the top-level admin, whose own they are too.
            const expected = refused ?? (place === "foreign" && role !== "top" ? 404 : e.seen);
            const answer = await request(e.call(w[place]), bearer);
            expect(answer.status, `${operation} as ${role} (${scope}) on ${place} records`).toBe(expected);
          }
        }
      }
    }
    expect(await News.countDocuments({ title: "Hijacked" })).toBe(0);
    expect(await Keyword.countDocuments({ name: "Hijacked" })).toBe(0);
    expect(await Company.countDocuments({ name: "Hijacked" })).toBe(0);
    expect(await Compound.countDocuments({ "name.generic": "Hijacked" })).toBe(0);
    expect(await News.countDocuments({ _id: trusted({ $in: [w.own.news, w.foreign.news] }) })).toBe(2);
  }, 120_000);

  test("a revoked or expired token, a blocked owner and a session cookie alone are refused on every endpoint", async () => {
    const w = await matrixWorld();
    const [revoked, expired, blocked] = [
      await makeToken(w.admin, { scope: "read+write" }),
      await makeToken(w.editor, { scope: "read+write" }),
      await makeToken(w.external, { scope: "read+write" }),
    ];
    const tokens = await ApiToken.find({ user: trusted({ $in: [w.admin._id, w.editor._id] }) }).lean();
    await callAction(page, {
      user: w.admin,
      url: "/api-tokens",
      form: { intent: "revoke", tokenId: String(tokens.find((t) => String(t.user) === String(w.admin._id))!._id) },
    });
    await ApiToken.updateOne({ user: w.editor._id }, { $set: { expiresAt: daysAgo(1) } });
    await User.updateOne({ _id: w.external._id }, { $set: { status: "blocked" } });
    const cookie = await sessionCookie(w.top._id);
    for (const [operation, e] of Object.entries(ENDPOINTS)) {
      const call = e.call(w.own);
      for (const [who, headers, status] of [
        ["revoked", { Authorization: `Bearer ${revoked}` }, 401],
        ["expired", { Authorization: `Bearer ${expired}` }, 401],
        ["blocked owner", { Authorization: `Bearer ${blocked}` }, 403],
        ["session cookie", { Cookie: cookie }, 401],
      ] as const) {
        expect((await request(call, headers)).status, `${operation}: ${who}`).toBe(status);
      }
    }
  }, 60_000);
});

describe("events, reference data and trials through the API", () => {
  test("a reader's events, soonest first, each with its .ics; an editor's console lists and a trial's registry history", async () => {
    const w = await world();
    const at = (days: number) => new Date(Date.now() + days * 86_400_000);
    const event = (title: string, disease: typeof w.ad, days: number) =>
      Event.create({
        ...placeOf(disease),
        title,
        type: "Conference",
        startDateTime: at(days),
        endDateTime: at(days + 1),
        timezone: "Europe/Amsterdam",
      });
    await event("AAIC", w.ad, 30);
    await event("CTAD", w.ad, 10);
    await event("Parkinson's congress", w.pd, 5);
    const api = apiClient(await makeToken(w.analyst));
    const events = await api.POST("/events/search", { body: { filters: { client: String(w.alpha._id) } } });
    expect(events.data?.events.map((e) => [e.title, e.disease, e.timezone])).toEqual([
      ["CTAD", "Alzheimer's disease", "Europe/Amsterdam"],
      ["AAIC", "Alzheimer's disease", "Europe/Amsterdam"],
    ]);
    const ics = await send(
      new Request(events.data!.events[0]!.ics, { headers: { Authorization: `Bearer ${await makeToken(w.analyst)}` } }),
    );
    expect(ics.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(await ics.text()).toMatch(/BEGIN:VCALENDAR[\s\S]*SUMMARY:CTAD/);
    // The console's lists are an editor's: a reader's token is refused them.
    expect((await api.GET("/trials")).error).toMatchObject({ status: 403, detail: "You don't have permission to do this." });

    const editor = await createUser({ role: "editor", permissions: grantsFor([w.ad]) });
    const trial = await Trial.create({ ...placeOf(w.ad), eventTitle: "CLARITY AD", trialIdentifier: "NCT03887455", phase: "Phase 3" });
    await Trial.create({ ...placeOf(w.lupus), eventTitle: "Lupus trial" });
    await TrialChange.create({
      trial: trial._id,
      trialIdentifier: "NCT03887455",
      client: w.alpha._id,
      disease: w.ad._id,
      field: "primaryCompletionDate",
      previous: "2026-03-01",
      next: "2026-09-01",
      seenAt: new Date(),
    });
    const console = apiClient(await makeToken(editor));
    const trials = await console.GET("/trials", { params: { query: { limit: 10 } } });
    expect(trials.data?.trials.map((t) => [t.title, t.identifier, t.disease])).toEqual([
      ["CLARITY AD", "NCT03887455", "Alzheimer's disease"],
    ]);
    const history = await console.GET("/trials/{trialId}", { params: { path: { trialId: String(trial._id) } } });
    expect(history.data).toMatchObject({
      title: "CLARITY AD",
      phase: "Phase 3",
      registryHistory: [{ previous: "2026-03-01", next: "2026-09-01" }],
    });
    const compounds = await console.GET("/compounds", { params: { query: { name: "lecanemab" } } });
    expect(compounds.data).toEqual({ compounds: [], nextPage: null });
  });
});

describe("compounds as the reports use them, and pages that take no token", () => {
  test("a reader's compounds search gives the compounds of the diseases they may see, with their originators; another client's is a 404", async () => {
    const w = await world();
    const originator = await Company.create({ name: `Eisai ${w.tag}`, type: "Pharmaceutical" });
    await Compound.create([
      {
        name: { generic: "lecanemab" },
        ...placeOf(w.ad),
        originator: originator._id,
        developmentPhase: "Approved",
        priority: 1,
        isDMT: true,
      },
      { name: { generic: "prasinezumab" }, ...placeOf(w.pd) },
      { name: { generic: "anifrolumab" }, ...placeOf(w.lupus) },
    ]);
    const api = apiClient(await makeToken(w.analyst));
    const found = await api.POST("/compounds/search", { body: { filters: { client: String(w.alpha._id) } } });
    expect(found.data?.compounds).toEqual([
      expect.objectContaining({
        name: "lecanemab",
        developmentPhase: "Approved",
        priority: "High",
        isDMT: true,
        originator: { _id: String(originator._id), name: `Eisai ${w.tag}` },
      }),
    ]);
    expect((await api.POST("/compounds/search", { body: { filters: { client: String(w.beta._id) } } })).error).toMatchObject({
      status: 404,
      detail: "Invalid Client ID",
    });
  });

  test("a page given a bearer token and no session is a signed-out visit: the token opens the API only", async () => {
    const w = await world();
    const secret = await makeToken(w.analyst);
    const answer = await callLoader(page, { url: "/api-tokens", headers: { Authorization: `Bearer ${secret}` } });
    expect(httpStatusOf(answer)).toBe(302);
    expect((answer as Response).headers.get("Location")).toMatch(/^\/login/);
  });
});

describe("keywords written through the API", () => {
  test("an editor's read-and-write token adds, changes and deletes a keyword of a disease they hold, as the console would; the change log names the token", async () => {
    const w = await world();
    const editor = await createUser({ role: "editor", permissions: grantsFor([w.ad]) });
    const api = apiClient(await makeToken(editor, { name: "Taxonomy sync", scope: "read+write" }));
    const place = { client: String(w.alpha._id), therapeuticArea: String(w.neuro._id), disease: String(w.ad._id) };
    const created = await api.POST("/keywords", { body: { name: "tau", status: "active", priority: 3, ...place } });
    expect(created.response.status).toBe(201);
    expect(created.data?.keyword).toMatchObject({ name: "tau", status: "active", priority: "High", disease: "Alzheimer's disease" });
    const id = created.data!.keyword._id;
    const off = await api.PUT("/keywords/{keywordId}", { params: { path: { keywordId: id } }, body: { status: "inactive" } });
    expect(off.data?.keyword).toMatchObject({ name: "tau", status: "inactive" });
    const log = await AuditLog.find({ entity: "keyword", entityId: id }).sort({ at: 1, _id: 1 }).lean();
    expect(log.map((e) => [e.action, e.actorName])).toEqual([
      ["create", 'Test User (API token "Taxonomy sync")'],
      ["update", 'Test User (API token "Taxonomy sync")'],
    ]);
    // Another client's disease, a missing name: refused with the console's messages, nothing written.
    const foreign = await api.POST("/keywords", {
      body: {
        name: "lupus term",
        status: "active",
        priority: 2,
        client: String(w.beta._id),
        therapeuticArea: String(w.immuno._id),
        disease: String(w.lupus._id),
      },
    });
    expect(foreign.error).toMatchObject({ status: 400, errors: [{ pointer: "body.client" }] });
    expect((await api.POST("/keywords", { body: { name: " ", status: "active", priority: 2, ...place } })).error).toMatchObject({
      status: 400,
      errors: [{ pointer: "body.name", detail: "Field Required" }],
    });
    expect(await Keyword.countDocuments({ client: w.beta._id })).toBe(0);
    expect((await api.DELETE("/keywords/{keywordId}", { params: { path: { keywordId: id } } })).data).toEqual({
      message: "Keyword Deleted",
    });
    expect(await Keyword.countDocuments({ _id: id })).toBe(0);
  });
});

describe("companies written through the API", () => {
  test("an editor's token adds a company under a parent, changes it, and deletes it only when nothing names it", async () => {
    const w = await world();
    const editor = await createUser({ role: "editor", permissions: grantsFor([w.ad]) });
    const api = apiClient(await makeToken(editor, { name: "CRM sync", scope: "read+write" }));
    const parent = await Company.create({ name: `Holding ${w.tag}`, type: "Pharmaceutical" });
    const created = await api.POST("/companies", {
      body: {
        name: `Eisai ${w.tag}`,
        type: "Pharmaceutical",
        status: "active",
        parentCompany: String(parent._id),
        website: "https://eisai.example",
      },
    });
    expect(created.response.status).toBe(201);
    expect(created.data?.company).toMatchObject({ name: `Eisai ${w.tag}`, parent: `Holding ${w.tag}`, website: "https://eisai.example/" });
    const id = created.data!.company._id;
    const renamed = await api.PUT("/companies/{companyId}", {
      params: { path: { companyId: id } },
      body: { website: "https://www.eisai.example" },
    });
    expect(renamed.data?.company).toMatchObject({ name: `Eisai ${w.tag}`, website: "https://www.eisai.example/" });
    // Its own child as its parent would make a cycle; a script link is no web address: each refused with the form's message.
    const cycle = await api.PUT("/companies/{companyId}", {
      params: { path: { companyId: String(parent._id) } },
      body: { parentCompany: id },
    });
    expect(cycle.error).toMatchObject({
      status: 400,
      errors: [{ pointer: "body.parentCompany", detail: "Choose an active company that is not this one or one of its own." }],
    });
    expect(
      (await api.PUT("/companies/{companyId}", { params: { path: { companyId: id } }, body: { website: "javascript:alert(1)" } })).error,
    ).toMatchObject({
      status: 400,
      errors: [{ pointer: "body.website" }],
    });
    const log = await AuditLog.find({ entity: "company", entityId: id }).sort({ at: 1, _id: 1 }).lean();
    expect(log.map((e) => [e.action, e.actorName])).toEqual([
      ["create", 'Test User (API token "CRM sync")'],
      ["update", 'Test User (API token "CRM sync")'],
    ]);
    // Named by a compound, it stays; once not, it goes.
    const compound = await Compound.create({ name: { generic: `lecanemab ${w.tag}` }, ...placeOf(w.ad), originator: id });
    const inUse = await api.DELETE("/companies/{companyId}", { params: { path: { companyId: id } } });
    expect(inUse.error).toMatchObject({ status: 409 });
    await Compound.deleteOne({ _id: compound._id });
    expect((await api.DELETE("/companies/{companyId}", { params: { path: { companyId: id } } })).data).toEqual({
      message: "Company Deleted",
    });
  });
});

describe("compounds through the API", () => {
  test("an editor's token adds a compound to a disease they hold, changes it, and deletes it only when nothing names it; the console's rules and messages hold", async () => {
    const w = await world();
    const editor = await createUser({ role: "editor", permissions: grantsFor([w.ad]) });
    const api = apiClient(await makeToken(editor, { name: "Pipeline sync", scope: "read+write" }));
    const [eisai, biogen] = await Company.create([
      { name: `Eisai ${w.tag}`, type: "Pharmaceutical" },
      { name: `Biogen ${w.tag}`, type: "Pharmaceutical" },
    ]);
    const place = { client: String(w.alpha._id), therapeuticArea: String(w.neuro._id), disease: String(w.ad._id) };
    const body = {
      name: { generic: `lecanemab ${w.tag}`, brand: "Leqembi", other: "BAN2401, mAb158" },
      ...place,
      originator: String(eisai!._id),
      licensee: [{ region: "US" as const, companies: [String(biogen!._id)] }],
      therapeuticModality: "mAb" as const,
      priority: 1,
      developmentPhase: "Phase 3" as const,
      status: "active" as const,
    };
    const created = await api.POST("/compounds", { body });
    expect(created.response.status).toBe(201);
    expect(created.data?.compound).toMatchObject({
      name: `lecanemab ${w.tag}`,
      otherNames: ["Leqembi", "BAN2401", "mAb158"],
      originator: `Eisai ${w.tag}`,
      phase: "Phase 3",
      priority: "High",
      disease: "Alzheimer's disease",
    });
    const id = created.data!.compound._id;
    const stored = (await Compound.findById(id).lean())!;
    expect(stored.licensee?.map((l) => [l.region, l.companies?.map(String)])).toEqual([["US", [String(biogen!._id)]]]);

    // Phase 2 asks for the mechanism of action and the route of administration, as the form does; nothing changes.
    const phase2 = await api.PUT("/compounds/{compoundId}", {
      params: { path: { compoundId: id } },
      body: { developmentPhase: "Phase 2" },
    });
    expect(phase2.error).toMatchObject({
      status: 400,
      errors: [
        { pointer: "body.mechanismOfAction", detail: FIELD_REQUIRED },
        { pointer: "body.routeOfAdministration", detail: FIELD_REQUIRED },
      ],
    });
    const moved = await api.PUT("/compounds/{compoundId}", {
      params: { path: { compoundId: id } },
      body: { developmentPhase: "Phase 2", mechanismOfAction: "Anti-amyloid", routeOfAdministration: "IV" },
    });
    expect(moved.data?.compound).toMatchObject({ phase: "Phase 2", otherNames: ["Leqembi", "BAN2401", "mAb158"], priority: "High" });
    // No name at all, a company that does not exist, a disease beyond the editor's: each refused on its field.
    const unnamed = await api.PUT("/compounds/{compoundId}", {
      params: { path: { compoundId: id } },
      body: { name: { generic: "", brand: "", other: "" } },
    });
    expect(unnamed.error).toMatchObject({
      status: 400,
      errors: [{ pointer: "body.name", detail: "Compound must have at least one name!" }],
    });
    const stray = await api.PUT("/compounds/{compoundId}", {
      params: { path: { compoundId: id } },
      body: { licensee: [{ region: "EU", companies: ["0".repeat(24)] }] },
    });
    expect(stray.error).toMatchObject({ status: 400, errors: [{ pointer: "body.licensee.0.companies" }] });
    const beyond = await api.POST("/compounds", {
      body: { ...body, client: String(w.beta._id), therapeuticArea: String(w.immuno._id), disease: String(w.lupus._id) },
    });
    expect(beyond.error).toMatchObject({ status: 400, errors: [{ pointer: "body.client" }] });
    expect((await Compound.findById(id).lean())?.licensee?.map((l) => l.region)).toEqual(["US"]);

    const log = await AuditLog.find({ entity: "compound", entityId: id }).sort({ at: 1, _id: 1 }).lean();
    expect(log.map((e) => [e.action, e.actorName])).toEqual([
      ["create", 'Test User (API token "Pipeline sync")'],
      ["update", 'Test User (API token "Pipeline sync")'],
    ]);
    // Named by a news item, it stays (the console makes it inactive instead); once not, it goes.
    const item = await News.create({ ...placeOf(w.ad), title: "Readout", compounds: [id], content: "<p>x</p>" });
    expect((await api.DELETE("/compounds/{compoundId}", { params: { path: { compoundId: id } } })).error).toMatchObject({ status: 409 });
    await News.deleteOne({ _id: item._id });
    expect((await api.DELETE("/compounds/{compoundId}", { params: { path: { compoundId: id } } })).data).toEqual({
      message: "Compound Deleted",
    });
    expect(await Compound.countDocuments({ _id: id })).toBe(0);
  });
});

describe("an admin and the API tokens of the users they manage", () => {
  test("an admin lists and revokes the tokens of a user within their own access, not of one beyond it; the user's History says so", async () => {
    const w = await world();
    const admin = await createUser({ role: "admin", permissions: grantsFor([w.ad]) });
    const secret = await makeToken(w.analyst, { name: "Laptop script" });
    await makeToken(w.rival);
    const listed = (await callLoader(userTokens, { user: admin, params: { userId: String(w.analyst._id) } })) as Awaited<
      ReturnType<typeof userTokens.loader>
    >;
    expect(listed.tokens.map((t) => [t.name, t.start])).toEqual([["Laptop script", secret.slice(0, 10)]]);
    // The rival holds Lupus, which the admin does not: as if there were no such user.
    expect(httpStatusOf(await callLoader(userTokens, { user: admin, params: { userId: String(w.rival._id) } }))).toBe(404);
    const rivalToken = (await ApiToken.findOne({ user: w.rival._id }).lean())!;
    const beyond = await callAction(userTokens, {
      user: admin,
      params: { userId: String(w.rival._id) },
      form: { intent: "revoke", tokenId: String(rivalToken._id) },
    });
    expect(httpStatusOf(beyond)).toBe(404);
    expect((await ApiToken.findById(rivalToken._id).lean())!.revokedAt).toBeUndefined();
    // Another user's token named on this user's page is no token of theirs.
    const mixed = await callAction(userTokens, {
      user: admin,
      params: { userId: String(w.analyst._id) },
      form: { intent: "revoke", tokenId: String(rivalToken._id) },
    });
    expect(await toastsOf(mixed as Response)).toEqual([NO_SUCH_TOKEN]);

    const revoked = await callAction(userTokens, {
      user: admin,
      params: { userId: String(w.analyst._id) },
      form: { intent: "revoke", tokenId: listed.tokens[0]!.id },
    });
    expect(await toastsOf(revoked as Response)).toEqual([userTokens.TOKEN_REVOKED_FOR("Test User")]);
    expect((await apiClient(secret).GET("/me")).response.status).toBe(401);
    const history = await AuditLog.find({ entity: "user", entityId: w.analyst._id }).lean();
    expect(history.map((e) => e.changes)).toContainEqual([
      { field: "API token", before: `Laptop script (${secret.slice(0, 10)}…)`, after: "revoked" },
    ]);
  });
});
