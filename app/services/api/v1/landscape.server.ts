import { z } from "zod";

import { ACTIVE_STATUSES, APP_VERSION, REPORT_NAMES, REPORT_TYPE_IDS } from "#common/constants";
import { INVALID_ID, MISSING_COLUMNS } from "#common/messages";
import { COMPOUND_SEARCH_MAX, listPermittedCompounds } from "~/models/compound.server";
import { listPermittedDiseasesOfAreas } from "~/models/disease.server";
import { listPermittedClients } from "~/models/permitted-client.server";
import { findPermittedArea, listPermittedAreas } from "~/models/therapeutic-area.server";
import type { ModelWant } from "~/reports/outputs.server";
import { readCompare, readView } from "~/reports/view";
import { engineOptions, makeReport, openSheet, reportChanges, type ServerFailure } from "~/services/report-model.server";
import { registryText } from "~/utils/registry/slips";
import type { SessionUser } from "~/utils/session.server";

import { endpoint, type AnyEndpoint } from "../endpoint.server";
import { taggedAnswer } from "../handler.server";
import { ApiProblem } from "../problem.server";
import { clientOf, Day, diseaseOf, diseasePage, Id, Ref } from "./shared.server";

// /api/v1: the owner, their clients, therapeutic areas and diseases, and each disease's report models (user-app §7).

const Me = z.object({
  _id: z.string(),
  name: z.object({ first: z.string(), last: z.string() }),
  email: z.string(),
  role: z.string(),
  status: z.string(),
  token: z.object({ name: z.string(), scope: z.enum(["read", "read+write"]) }),
});

/** user-app §7 GET /users/user-permissions: the clients the user may see, each with its areas and their diseases. */
const Permissions = z.array(
  z.object({
    _id: z.string(),
    name: z.string(),
    permissions: z.array(z.object({ therapeuticArea: Ref, diseases: z.array(Ref) })),
  }),
);

async function permissionsOf(user: SessionUser): Promise<z.input<typeof Permissions>> {
  const clients = await listPermittedClients({ user });
  return Promise.all(
    clients.map(async (client) => {
      const areas = await listPermittedAreas({ user, client });
      const diseasesOf = await listPermittedDiseasesOfAreas({ user, areas });
      return {
        _id: client.id,
        name: client.name,
        permissions: areas.map((area) => ({
          therapeuticArea: { _id: area.id, name: area.name },
          diseases: diseasesOf.get(area.id)!.map((d) => ({ _id: d.id, name: d.name })),
        })),
      };
    }),
  );
}

const Disease = z.object({
  _id: z.string(),
  name: z.string(),
  client: z.string(),
  therapeuticArea: z.string(),
  titlePrefix: z.string(),
  tm: z.boolean(),
  reports: z.array(z.object({ id: z.enum(REPORT_TYPE_IDS), name: z.string() })),
  link: z.string(),
});

/** A report's model as the engine builds it: the common parts described, each report type's own parts as they come. */
/** A report's options as on the report page (readView reads them), and the day it is as of. */
const flag = z.enum(["true", "false"]).optional();
const ViewQuery = {
  tm: flag,
  lot: flag,
  first: flag,
  asOf: Day.optional().describe(
    "The report as it stood at the end of this day (UTC): built from the sheet's version read by then (a day before today; otherwise today's)",
  ),
};

/**
 * A disease's report as the caller may see it (the disease through their scope, the report among the disease's), with
 * the page's options read from `search` (tm, lot, first): its identity for an ETag, the wrapper the API and the
 * assistants' tools give it, and `make` to build it (on a worker thread for a large sheet).
 */
export async function reportOf(user: SessionUser, diseaseId: string, asked: string, search: URLSearchParams) {
  const disease = await diseaseOf(user, diseaseId);
  const type = disease.reports.find((t) => t === asked);
  if (!type || type === "list") throw new ApiProblem(404, `${disease.name} has no report '${asked}'.`);
  const view = readView(search);
  const [options, opened] = await Promise.all([engineOptions(disease, type, view), openSheet(disease.id, view.asOf)]);
  if (!opened.ok) throw unmade(opened);
  const wrap = {
    disease: { _id: disease.id, name: disease.name },
    type,
    name: REPORT_NAMES[type],
    link: `${diseasePage(disease)}?type=${type}`,
  };
  return {
    wrap,
    version: JSON.stringify([APP_VERSION, new Date().toISOString().slice(0, 10), opened.sheet.version, options, wrap]),
    make: <W extends ModelWant>(want: W) => makeReport(opened.sheet, type, options, want),
  };
}

/** A report that could not be made, as the API says it: the page's message; a full queue is a 503 to retry. */
export function unmade(failure: ServerFailure) {
  if (failure.failure === "busy") return new ApiProblem(503, failure.message, { headers: { "Retry-After": "60" } });
  if (failure.failure === "worker") return new ApiProblem(500, failure.message);
  return new ApiProblem(
    422,
    failure.failure === "missing-columns" ? `${MISSING_COLUMNS}: ${failure.missingColumns.join(", ")}` : failure.message,
  );
}

const ReportModel = z.looseObject({
  ok: z.literal(true),
  type: z.enum(REPORT_TYPE_IDS),
  title: z.string(),
  footnotes: z.array(z.string()),
  generalFootnotes: z.array(z.string()),
  /** The rows left out, each with the sheet row a person sees and why (user-app §4's rules). */
  invalidRecords: z.array(
    z.object({
      sheetRow: z.number(),
      kind: z.enum(["invalid-value", "duplicate", "left-behind"]),
      reason: z.string(),
      column: z.string().nullable(),
      value: z.string().nullable(),
      duplicateOf: z.number().nullable(),
      /** The row's non-empty cells by header. */
      values: z.record(z.string(), z.unknown()),
    }),
  ),
  /** Values the engine could not read in rows it still shows. */
  warnings: z.array(z.object({ sheetRow: z.number(), column: z.string(), value: z.string(), reason: z.string() })),
  /** The sheet's data rows, the records shown and the rows left out: every data row is one or the other. */
  stats: z.object({ dataRows: z.number(), shownRecords: z.number(), invalidRecords: z.number() }),
});

/** A compound as the reports use it (user-app §3). */
const ReportCompound = z.object({
  _id: z.string(),
  name: z.string(),
  mechanismOfAction: z.string().nullable(),
  priority: z.string().nullable(),
  developmentPhase: z.string().nullable(),
  originator: Ref.nullable(),
  patientSegment: z.string().nullable(),
  therapeuticModality: z.string().nullable(),
  isDMT: z.boolean(),
  therapeuticArea: z.string(),
  disease: z.string(),
  status: z.string(),
});

export const LANDSCAPE: AnyEndpoint[] = [
  endpoint({
    method: "GET",
    path: "/me",
    operationId: "getMe",
    tag: "Account",
    summary: "The token's owner",
    access: "read",
    response: Me,
    handle: async ({ caller: { user, token } }) => ({
      _id: String(user._id),
      name: { first: user.name?.first ?? "", last: user.name?.last ?? "" },
      email: user.email,
      role: user.isTopAdmin ? "top-level admin" : user.role,
      status: user.status,
      token: { name: token.name, scope: token.scope },
    }),
  }),
  endpoint({
    method: "GET",
    path: "/users/user-permissions",
    operationId: "getUserPermissions",
    tag: "Account",
    summary: "The clients, therapeutic areas and diseases the owner may see (user-app §7)",
    access: "read",
    response: Permissions,
    handle: ({ caller }) => permissionsOf(caller.user),
  }),
  endpoint({
    method: "GET",
    path: "/clients",
    operationId: "listClients",
    tag: "Landscape",
    summary: "The clients the owner may see",
    access: "read",
    response: z.object({ clients: z.array(Ref) }),
    handle: async ({ caller }) => ({
      clients: (await listPermittedClients({ user: caller.user })).map((c) => ({ _id: c.id, name: c.name })),
    }),
  }),
  endpoint({
    method: "GET",
    path: "/clients/{clientId}/therapeutic-areas",
    operationId: "listTherapeuticAreas",
    tag: "Landscape",
    summary: "A client's therapeutic areas that the owner may see",
    access: "read",
    params: z.object({ clientId: Id }),
    response: z.object({ therapeuticAreas: z.array(Ref.extend({ client: z.string() })) }),
    handle: async ({ caller: { user }, params }) => {
      const client = await clientOf(user, params.clientId);
      const areas = await listPermittedAreas({ user, client });
      return { therapeuticAreas: areas.map((a) => ({ _id: a.id, name: a.name, client: client.id })) };
    },
  }),
  endpoint({
    method: "GET",
    path: "/clients/{clientId}/therapeutic-areas/{taId}/diseases",
    operationId: "listDiseases",
    tag: "Landscape",
    summary: "A therapeutic area's diseases that the owner may see",
    access: "read",
    params: z.object({ clientId: Id, taId: Id }),
    response: z.object({ diseases: z.array(Ref.extend({ therapeuticArea: z.string(), reportCount: z.number() })) }),
    handle: async ({ caller: { user }, params }) => {
      const client = await clientOf(user, params.clientId);
      const area = await findPermittedArea({ user, client, id: params.taId });
      if (!area) throw new ApiProblem(404, INVALID_ID);
      const diseases = (await listPermittedDiseasesOfAreas({ user, areas: [area] })).get(area.id)!;
      return { diseases: diseases.map((d) => ({ _id: d.id, name: d.name, therapeuticArea: area.id, reportCount: d.reportCount })) };
    },
  }),
  endpoint({
    method: "GET",
    path: "/diseases/{diseaseId}",
    operationId: "getDisease",
    tag: "Landscape",
    summary: "A disease and its reports",
    access: "read",
    params: z.object({ diseaseId: Id }),
    response: Disease,
    handle: async ({ caller: { user }, params }) => {
      const disease = await diseaseOf(user, params.diseaseId);
      return {
        _id: disease.id,
        name: disease.name,
        client: disease.clientId,
        therapeuticArea: disease.areaId,
        titlePrefix: disease.titlePrefix,
        tm: disease.tm,
        reports: disease.reports.map((id) => ({ id, name: REPORT_NAMES[id] })),
        link: diseasePage(disease),
      };
    },
  }),
  endpoint({
    method: "GET",
    path: "/diseases/{diseaseId}/reports/{type}",
    operationId: "getReportModel",
    tag: "Landscape",
    summary: "A report's model, built from the disease's sheet by the engine the report page runs",
    description:
      "The rows the report shows, the rows it left out with their reasons (invalidRecords), the footnotes and the sheet's read time. " +
      "Options as on the report page: tm (the modality variant of the phase board), lot (LOT combined) and first (the timeline starting at the first launch). " +
      "asOf (YYYY-MM-DD): the report as it stood on that day, from the sheet's version read by its end (sheetReadAt says when). " +
      "A report the disease does not offer is a 404; a sheet that cannot be read, lacks columns or had not been read by asOf a 422 with the page's message. " +
      "The news list (type list) comes from /news/search.",
    access: "read",
    problems: {
      422: "The disease's sheet cannot be read, lacks required columns or had not been read by asOf (the message says which)",
      503: "Many reports are being built right now: try again after Retry-After seconds",
    },
    params: z.object({ diseaseId: Id, type: z.enum(REPORT_TYPE_IDS.filter((t) => t !== "list") as [string, ...string[]]) }),
    query: z.object(ViewQuery),
    response: z.object({
      disease: Ref,
      type: z.enum(REPORT_TYPE_IDS),
      name: z.string(),
      sheetReadAt: z.string(),
      link: z.string(),
      model: ReportModel,
    }),
    handle: async ({ caller: { user }, params, request }) => {
      const report = await reportOf(user, params.diseaseId, params.type, new URL(request.url).searchParams);
      // The model follows from the sheet's version, the options and the day (the engine's 'today'): a client that
      // holds it gets its 304 without a build.
      return taggedAnswer(request, report.version, async () => {
        const made = await report.make({ as: "json", wrap: report.wrap });
        if (!made.ok) throw unmade(made);
        return made.value as Uint8Array<ArrayBuffer>;
      });
    },
  }),
  endpoint({
    method: "GET",
    path: "/diseases/{diseaseId}/reports/{type}/changes",
    operationId: "getReportChanges",
    tag: "Landscape",
    summary: "What changed in a report since a day: its rows then and now compared (issue 30)",
    description:
      "The report as of asOf (default today) compared with the report as of since, both built with the same options (tm, lot, first): " +
      "rows added and removed, phase moves, launch and primary completion slips, priority, segment, LOT, footnote and event changes, " +
      "each with a sentence; a row matched by a similar name says so (uncertain). Rows are matched by the report's identity of a row. " +
      "With them, the trial registry's primary completion moves seen in between, of trials the rows name.",
    access: "read",
    problems: {
      422: "The sheet had not been read by one of the days, cannot be read or lacks required columns (the message says which)",
      503: "Many reports are being built right now: try again after Retry-After seconds",
    },
    params: z.object({
      diseaseId: Id,
      type: z.enum(REPORT_TYPE_IDS.filter((t) => t !== "list" && t !== "events-2") as [string, ...string[]]),
    }),
    query: z.object({
      since: Day.describe("The earlier day (YYYY-MM-DD, before asOf and today)"),
      ...ViewQuery,
    }),
    response: z.object({
      disease: Ref,
      type: z.enum(REPORT_TYPE_IDS),
      name: z.string(),
      since: z.string(),
      sheetReadAt: z.string().describe("When the earlier version was read"),
      link: z.string(),
      unchanged: z.number(),
      changes: z.array(
        z.object({
          kind: z.string(),
          key: z.string(),
          sheetRow: z.number().nullable(),
          product: z.string(),
          company: z.string(),
          from: z.string().nullable(),
          to: z.string().nullable(),
          text: z.string(),
          uncertain: z.boolean(),
        }),
      ),
      registry: z
        .array(
          z.object({
            sheetRow: z.number(),
            product: z.string(),
            trial: z.string(),
            from: z.string().nullable(),
            to: z.string().nullable(),
            seenAt: z.string(),
            text: z.string(),
          }),
        )
        .describe("The registry's primary completion moves seen between the two days, of trials the rows name"),
    }),
    handle: async ({ caller: { user }, params, request }) => {
      const search = new URL(request.url).searchParams;
      const view = readView(search);
      const since = readCompare(search.get("since"), view.asOf);
      if (!since) throw new ApiProblem(400, "since must be a day before asOf and before today (YYYY-MM-DD).");
      const disease = await diseaseOf(user, params.diseaseId);
      const type = disease.reports.find((t) => t === params.type);
      if (!type) throw new ApiProblem(404, `${disease.name} has no report '${params.type}'.`);
      const found = await reportChanges(disease.id, type, await engineOptions(disease, type, view), {
        asOf: view.asOf,
        since,
      });
      if (!found.ok) throw unmade(found);
      return {
        disease: { _id: disease.id, name: disease.name },
        type,
        name: REPORT_NAMES[type],
        since: found.since,
        sheetReadAt: found.readAt,
        link: `${diseasePage(disease)}?type=${type}&compare=${found.since}${view.asOf ? `&asOf=${view.asOf}` : ""}`,
        unchanged: found.diff.unchanged,
        changes: found.diff.changes,
        registry: found.diff.registry.map((move) => ({
          sheetRow: move.sheetRow,
          product: move.product,
          ...move.slip,
          text: registryText(move),
        })),
      };
    },
  }),
  endpoint({
    method: "POST",
    path: "/compounds/search",
    operationId: "searchCompounds",
    tag: "Landscape",
    summary: "The compounds of a client's diseases the owner may see, as the reports use them (user-app §7 /compounds/search)",
    description: `By name, at most ${COMPOUND_SEARCH_MAX}; narrowed to a therapeutic area, a disease and a status when the filters say so.`,
    access: "read",
    body: z.object({
      filters: z.object({
        client: Id,
        therapeuticArea: Id.optional(),
        disease: Id.optional(),
        status: z.enum(ACTIVE_STATUSES).optional(),
      }),
    }),
    response: z.object({ compounds: z.array(ReportCompound) }),
    handle: async ({ caller: { user }, body: { filters } }) => {
      const client = await clientOf(user, filters.client);
      return {
        compounds: await listPermittedCompounds({
          user,
          client,
          areaId: filters.therapeuticArea,
          diseaseId: filters.disease,
          status: filters.status,
        }),
      };
    },
  }),
];
