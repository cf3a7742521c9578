import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

import { trusted } from "#db/connection.server";
import { storeFile } from "#db/files.server";
import {
  Client,
  Company,
  Compound,
  Disease,
  EditorsDigest,
  Event,
  ImportRun,
  Keyword,
  MonitorSource,
  News,
  RegistrySync,
  SavedSearch,
  TherapeuticArea,
  Trial,
  TrialDraft,
  User,
} from "#db/models/index.server";
import * as home from "~/routes/_app+/_index";
import * as layout from "~/routes/_app+/_layout";
import * as administrationHome from "~/routes/_app+/administration+/_index";
import * as administration from "~/routes/_app+/administration+/_layout";
import * as adminClients from "~/routes/_app+/administration+/client+/_index";
import * as clientDelete from "~/routes/_app+/administration+/client+/$clientId.delete";
import * as clientStatus from "~/routes/_app+/administration+/client+/$clientId.status";
import * as clientAdd from "~/routes/_app+/administration+/client+/add";
import * as clientEdit from "~/routes/_app+/administration+/client+/edit.$clientId";
import * as companies from "~/routes/_app+/administration+/company+/_index";
import * as companyDelete from "~/routes/_app+/administration+/company+/$companyId.delete";
import * as companyStatus from "~/routes/_app+/administration+/company+/$companyId.status";
import * as companyAdd from "~/routes/_app+/administration+/company+/add";
import * as companyEdit from "~/routes/_app+/administration+/company+/edit.$companyId";
import * as compounds from "~/routes/_app+/administration+/compound+/_index";
import * as compoundDelete from "~/routes/_app+/administration+/compound+/$compoundId.delete";
import * as compoundStatus from "~/routes/_app+/administration+/compound+/$compoundId.status";
import * as compoundAdd from "~/routes/_app+/administration+/compound+/add";
import * as compoundEdit from "~/routes/_app+/administration+/compound+/edit.$compoundId";
import * as compoundImport from "~/routes/_app+/administration+/compound+/import._index";
import * as compoundImportRun from "~/routes/_app+/administration+/compound+/import.$runId";
import * as compoundTemplate from "~/routes/_app+/administration+/compound+/import.template";
import * as events from "~/routes/_app+/administration+/events+/_index";
import * as eventDelete from "~/routes/_app+/administration+/events+/$eventId.delete";
import * as eventStatus from "~/routes/_app+/administration+/events+/$eventId.status";
import * as eventAdd from "~/routes/_app+/administration+/events+/add";
import * as eventEdit from "~/routes/_app+/administration+/events+/edit.$eventId";
import * as auditLog from "~/routes/_app+/administration+/history";
import * as keywords from "~/routes/_app+/administration+/keyword+/_index";
import * as keywordDelete from "~/routes/_app+/administration+/keyword+/$keywordId.delete";
import * as keywordStatus from "~/routes/_app+/administration+/keyword+/$keywordId.status";
import * as keywordAdd from "~/routes/_app+/administration+/keyword+/add";
import * as keywordEdit from "~/routes/_app+/administration+/keyword+/edit.$keywordId";
import * as keywordImport from "~/routes/_app+/administration+/keyword+/import._index";
import * as keywordImportRun from "~/routes/_app+/administration+/keyword+/import.$runId";
import * as keywordTemplate from "~/routes/_app+/administration+/keyword+/import.template";
import * as monitoring from "~/routes/_app+/administration+/monitoring+/_index";
import * as sourceDelete from "~/routes/_app+/administration+/monitoring+/$sourceId.delete";
import * as sourceRun from "~/routes/_app+/administration+/monitoring+/$sourceId.run";
import * as sourceStatus from "~/routes/_app+/administration+/monitoring+/$sourceId.status";
import * as sourceAdd from "~/routes/_app+/administration+/monitoring+/add";
import * as sourceEdit from "~/routes/_app+/administration+/monitoring+/edit.$sourceId";
import * as trials from "~/routes/_app+/administration+/trials+/_index";
import * as trialDelete from "~/routes/_app+/administration+/trials+/$trialId.delete";
import * as trialStatus from "~/routes/_app+/administration+/trials+/$trialId.status";
import * as trialAdd from "~/routes/_app+/administration+/trials+/add";
import * as trialEdit from "~/routes/_app+/administration+/trials+/edit.$trialId";
import * as trialImport from "~/routes/_app+/administration+/trials+/import._index";
import * as trialImportSync from "~/routes/_app+/administration+/trials+/import.$syncId";
import * as users from "~/routes/_app+/administration+/users+/_index";
import * as userApiTokens from "~/routes/_app+/administration+/users+/$userId.api-tokens";
import * as userDelete from "~/routes/_app+/administration+/users+/$userId.delete";
import * as userPermissions from "~/routes/_app+/administration+/users+/$userId.permissions";
import * as userReject from "~/routes/_app+/administration+/users+/$userId.reject";
import * as userRestore from "~/routes/_app+/administration+/users+/$userId.restore";
import * as userUnblock from "~/routes/_app+/administration+/users+/$userId.unblock";
import * as userAdd from "~/routes/_app+/administration+/users+/add";
import * as userEdit from "~/routes/_app+/administration+/users+/edit.$userId";
import * as apiDocs from "~/routes/_app+/api-docs";
import * as apiTokens from "~/routes/_app+/api-tokens";
import * as calendarFeeds from "~/routes/_app+/calendar-feeds";
import * as changePassword from "~/routes/_app+/change-password";
import * as clients from "~/routes/_app+/clients+/_index";
import * as areas from "~/routes/_app+/clients+/$clientId.therapeuticAreas+/_index";
import * as areaDelete from "~/routes/_app+/clients+/$clientId.therapeuticAreas+/$taId.delete";
import * as diseases from "~/routes/_app+/clients+/$clientId.therapeuticAreas+/$taId.diseases+/_index";
import * as diseaseDelete from "~/routes/_app+/clients+/$clientId.therapeuticAreas+/$taId.diseases+/$diseaseId.delete";
import * as diseaseEdit from "~/routes/_app+/clients+/$clientId.therapeuticAreas+/$taId.diseases+/$diseaseId.edit";
import * as reports from "~/routes/_app+/clients+/$clientId.therapeuticAreas+/$taId.diseases+/$diseaseId.reports";
import * as reportWorkbook from "~/routes/_app+/clients+/$clientId.therapeuticAreas+/$taId.diseases+/$diseaseId.reports_.excel";
import * as reportDeck from "~/routes/_app+/clients+/$clientId.therapeuticAreas+/$taId.diseases+/$diseaseId.reports_.export";
import * as diseaseAdd from "~/routes/_app+/clients+/$clientId.therapeuticAreas+/$taId.diseases+/add";
import * as areaEdit from "~/routes/_app+/clients+/$clientId.therapeuticAreas+/$taId.edit";
import * as areaNew from "~/routes/_app+/clients+/$clientId.therapeuticAreas+/new";
import * as dashboard from "~/routes/_app+/dashboard";
import * as eventsFeed from "~/routes/_app+/events+/_index";
import * as companyLogos from "~/routes/_app+/manage-company-logos";
import * as companyLogoDelete from "~/routes/_app+/manage-company-logos_.$companyId.delete-logo";
import * as newsFeed from "~/routes/_app+/news+/_index";
import * as newsItem from "~/routes/_app+/news+/$newsId";
import * as newsDelete from "~/routes/_app+/news+/$newsId_.delete";
import * as newsPublish from "~/routes/_app+/news+/$newsId_.publish";
import * as newsAdd from "~/routes/_app+/news+/add";
import * as newsDrafts from "~/routes/_app+/news+/drafts";
import * as draftItem from "~/routes/_app+/news+/drafts.$dId";
import * as newsEdit from "~/routes/_app+/news+/edit.$newsId";
import * as newsExport from "~/routes/_app+/news+/export";
import * as savedSearches from "~/routes/_app+/news+/saved";
import * as forgot from "~/routes/_auth+/forgot-password";
import * as login from "~/routes/_auth+/login";
import * as logout from "~/routes/_auth+/logout";
import * as reset from "~/routes/_auth+/reset.($token)";
import * as signUp from "~/routes/_auth+/sign-up";
import * as catchAll from "~/routes/$";
import * as mcp from "~/routes/api+/mcp";
import * as apiV1 from "~/routes/api+/v1.$";
import * as fileUpload from "~/routes/files.upload";
import * as calendarFeed from "~/routes/resources+/calendar.$file";
import * as logos from "~/routes/resources+/company-logos";
import * as drawer from "~/routes/resources+/drawer";
import * as eventIcs from "~/routes/resources+/events.$eventId.ics";
import * as files from "~/routes/resources+/files.$fileId";
import * as importProgress from "~/routes/resources+/import-progress.$runId";
import * as scopeOptions from "~/routes/resources+/scope-options";
import * as sheet from "~/routes/resources+/sheet.$diseaseId";
import * as taskProgress from "~/routes/resources+/task-progress.$token";
import * as unsubscribe from "~/routes/resources+/unsubscribe.$token";
import * as withoutScripts from "~/routes/resources+/without-scripts";
import { storeSheetCopy } from "~/utils/sheets/store.server";

import { callLoader, createDisease, createUser, grantsFor, httpStatusOf, makeRequest, placeOf, scene, settle, toastsOf } from "../db-utils";
import { alzheimersSheet } from "../unit/engine/fixtures/alzheimers";

// Every route × every role (user-app §6): anonymous → sign in (401 for resources), a missing role → 403, a client,
// area or disease outside the user's permissions → home with a toast, never data and never a 500. Each loader and
// action is called on its own — a layout's guard protects nothing below it. Actions are posted only where they must
// be refused (and with a body that tries to grant more: role=admin), so nothing is changed. The last test fails when
// a route file exists that this table does not list.

const ROLES = ["anonymous", "external", "editor", "admin", "top"] as const;
type Role = (typeof ROLES)[number];
type Outcome = "data" | "login" | "home" | "forbidden" | "unauthorized" | "not-found" | "redirect";
type Fn = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<unknown> | unknown;
type Module = { loader?: Fn; action?: Fn };

async function outcomeOf(result: unknown): Promise<Outcome> {
  const status = httpStatusOf(result);
  if (result instanceof Response && status >= 300 && status < 400) {
    const location = result.headers.get("Location") ?? "";
    if (location.startsWith("/login")) return "login";
    if (location === "/" && (await toastsOf(result)).length > 0) return "home";
    return "redirect";
  }
  if (status === 403) return "forbidden";
  if (status === 401) return "unauthorized";
  if (status === 404) return "not-found";
  expect(status, "no route answers a role check with an error").toBeLessThan(400);
  return "data";
}

async function world() {
  const reportsOf = [
    { id: "list", name: "News List" },
    { id: "timeline-table", name: "Timeline Table" },
  ];
  const { alpha, beta, neuro, betaArea, ad, lupus, ...roles } = await scene({
    clients: { alpha: {}, beta: {} },
    areas: { neuro: { client: "alpha" }, betaArea: { client: "beta" } },
    diseases: { ad: { area: "neuro", reports: reportsOf }, lupus: { area: "betaArea", reports: reportsOf } },
    users: {
      external: { role: "external", grants: ["ad"] },
      editor: { role: "editor", grants: ["ad"] },
      admin: { role: "admin", grants: ["ad"] },
      top: { role: "admin", isTopAdmin: true },
    },
  });
  await storeSheetCopy(ad._id, alzheimersSheet());
  const users: Record<Exclude<Role, "anonymous">, { _id: unknown }> = roles;
  // The console's target: a pending sign-up request, which every console role may accept or reject.
  const request = await createUser({ role: "", status: "pending" });
  const logo = await storeFile("logo.png", Buffer.from("png"), {
    contentType: "image/png",
    purpose: "company-logo",
    owner: String(ad._id),
  });
  const event = (d: typeof ad) =>
    Event.create({
      title: "Congress",
      type: "Conference",
      ...placeOf(d),
      startDateTime: new Date(),
      endDateTime: new Date(),
      timezone: "UTC",
    });
  const [adEvent, lupusEvent] = [await event(ad), await event(lupus)];
  const draft = (d: typeof ad) => News.create({ title: "Draft", ...placeOf(d), status: "draft" });
  // Outside the permissions, a news item is one of a disease not held, in a client that is (news rights go by disease).
  const [adNews, unheldNews] = [await draft(ad), await draft(await createDisease(neuro))];
  const keyword = (d: typeof ad) => Keyword.create({ name: "amyloid", ...placeOf(d) });
  const [adKeyword, lupusKeyword] = [await keyword(ad), await keyword(lupus)];
  const company = await Company.create({ name: "Matrix Pharma", type: "Pharmaceutical" });
  const compound = (d: typeof ad) =>
    Compound.create({
      name: { generic: "matrixumab" },
      ...placeOf(d),
      originator: company._id,
    });
  const [adCompound, lupusCompound] = [await compound(ad), await compound(lupus)];
  const trial = (d: typeof ad) => Trial.create({ eventTitle: "Matrix trial", ...placeOf(d) });
  const [adTrial, lupusTrial] = [await trial(ad), await trial(lupus)];
  // An import is its uploader's alone: this one is no role's (each role's own is in imports.test.ts).
  const run = await ImportRun.create({ kind: "keywords", user: request._id, filename: "k.xlsx", rows: ['["Name"]', '["amyloid"]'] });
  // A saved ClinicalTrials.gov import belongs to whoever holds its disease.
  const sync = (d: typeof ad) =>
    RegistrySync.create({
      user: request._id,
      ...placeOf(d),
      query: { ids: ["NCT01767311"] },
    });
  const [adSync, lupusSync] = [await sync(ad), await sync(lupus)];
  // Monitoring sources are every client's: admins manage them all, editors none.
  const source = await MonitorSource.create({
    name: "Wire",
    kind: "rss",
    url: "https://wire.example/feed",
    intervalMinutes: 60,
    nextRunAt: new Date(Date.now() + 3_600_000),
  });
  const permitted = {
    clientId: String(alpha._id),
    taId: String(neuro._id),
    diseaseId: String(ad._id),
    fileId: String(logo),
    token: "",
    userId: String(request._id),
    eventId: String(adEvent._id),
    newsId: String(adNews._id),
    keywordId: String(adKeyword._id),
    companyId: String(company._id),
    compoundId: String(adCompound._id),
    runId: String(run._id),
    syncId: String(adSync._id),
    trialId: String(adTrial._id),
    sourceId: String(source._id),
  };
  const foreign = {
    clientId: String(beta._id),
    taId: String(betaArea._id),
    diseaseId: String(lupus._id),
    fileId: String(logo),
    token: "",
    userId: String(request._id),
    eventId: String(lupusEvent._id),
    newsId: String(unheldNews._id),
    keywordId: String(lupusKeyword._id),
    companyId: String(company._id),
    compoundId: String(lupusCompound._id),
    runId: String(run._id),
    syncId: String(lupusSync._id),
    trialId: String(lupusTrial._id),
    sourceId: String(source._id),
  };
  return { users, permitted, foreign, ad, lupus, neuro };
}

const all = (outcome: Outcome): Record<Role, Outcome> => ({
  anonymous: outcome,
  external: outcome,
  editor: outcome,
  admin: outcome,
  top: outcome,
});
const signedIn = (outcome: Outcome, anonymous: Outcome = "login") => ({ ...all(outcome), anonymous });
/** Data for the roles that have `allowed`, 403 for the others, sign-in for anonymous. */
const only = (...allowed: Role[]) =>
  Object.fromEntries(ROLES.map((r) => [r, r === "anonymous" ? "login" : allowed.includes(r) ? "data" : "forbidden"])) as Record<
    Role,
    Outcome
  >;

interface Row {
  /** The route file under app/routes. */
  file: string;
  module: Module;
  loader?: Record<Role, Outcome>;
  /** Actions are posted for the roles to refuse only (anything else would change data). */
  action?: Partial<Record<Role, Outcome>>;
  /** Outcome for every signed-in role (or for each) when the address points outside their permissions. */
  foreign?: Outcome | Record<"external" | "editor" | "admin", Outcome>;
  query?: string;
}

const NEWS_FOREIGN = { external: "forbidden", editor: "forbidden", admin: "not-found" } as const;
const HELD_FOREIGN = { external: "forbidden", editor: "redirect", admin: "redirect" } as const;

const ROUTES: Row[] = [
  { file: "$.tsx", module: catchAll as Module, loader: all("redirect") },
  { file: "not-found.tsx", module: {} },
  {
    file: "_auth+/login.tsx",
    module: login as Module,
    loader: { ...all("redirect"), anonymous: "data" },
    action: { external: "redirect", top: "redirect" },
  },
  {
    file: "_auth+/sign-up.tsx",
    module: signUp as Module,
    loader: { ...all("redirect"), anonymous: "data" },
    action: { external: "redirect", top: "redirect" },
  },
  {
    file: "_auth+/forgot-password.tsx",
    module: forgot as Module,
    loader: { ...all("redirect"), anonymous: "data" },
    action: { external: "redirect" },
  },
  { file: "_auth+/reset.($token).tsx", module: reset as Module, loader: all("data") },
  { file: "_auth+/logout.tsx", module: logout as Module, loader: all("data") },
  { file: "_app+/_layout.tsx", module: layout as Module, loader: signedIn("data") },
  { file: "_app+/_index.tsx", module: home as Module, loader: signedIn("redirect") },
  // The feed needs a selected client: the top-level admin of many clients has none here and goes to pick one.
  { file: "_app+/news+/_index.tsx", module: newsFeed as Module, loader: { ...signedIn("data"), top: "redirect" } },
  { file: "_app+/news+/export.ts", module: newsExport as Module, loader: { ...signedIn("data"), top: "redirect" } },
  { file: "_app+/news+/drafts.tsx", module: newsDrafts as Module, loader: only("admin", "top") },
  // The role is checked first; another client's news item is, to an admin, a 404 like an id that does not exist.
  {
    file: "_app+/news+/$newsId_.publish.tsx",
    module: newsPublish as Module,
    loader: only("admin", "top"),
    action: { anonymous: "login", external: "forbidden", editor: "forbidden" },
    foreign: NEWS_FOREIGN,
  },
  // The editor; an item another client's, to an admin, goes back to the drafts with the spec's message.
  {
    file: "_app+/news+/add.tsx",
    module: newsAdd as Module,
    loader: only("admin", "top"),
    action: { anonymous: "login", external: "forbidden", editor: "forbidden" },
  },
  {
    file: "_app+/news+/edit.$newsId.tsx",
    module: newsEdit as Module,
    loader: only("admin", "top"),
    action: { anonymous: "login", external: "forbidden", editor: "forbidden" },
    foreign: { external: "forbidden", editor: "forbidden", admin: "redirect" },
  },
  {
    file: "_app+/news+/drafts.$dId.tsx",
    module: draftItem as Module,
    loader: { ...only("admin", "top"), admin: "redirect", top: "redirect" },
  },
  // The permitted item is a draft: only the admins who manage it may read it; for the others it is not there.
  {
    file: "_app+/news+/$newsId.tsx",
    module: newsItem as Module,
    loader: { ...signedIn("not-found"), admin: "data", top: "data" },
    foreign: "not-found",
  },
  // Saved searches (issue 16): every signed-in user's own, of the selected client (the top-level admin picks one first).
  {
    file: "_app+/news+/saved.tsx",
    module: savedSearches as Module,
    loader: { ...signedIn("data"), top: "redirect" },
    action: { anonymous: "login" },
  },
  // A digest's unsubscribe link works signed out; its signed token is the credential, and this one is not valid.
  { file: "resources+/unsubscribe.$token.tsx", module: unsubscribe as Module, loader: all("not-found"), action: all("not-found") },
  { file: "resources+/scope-options.ts", module: scopeOptions as Module, loader: only("editor", "admin", "top") },
  { file: "files.upload.ts", module: fileUpload as Module, action: { anonymous: "login", external: "forbidden", editor: "forbidden" } },
  {
    file: "_app+/news+/$newsId_.delete.tsx",
    module: newsDelete as Module,
    loader: only("admin", "top"),
    action: { anonymous: "login", external: "forbidden", editor: "forbidden" },
    foreign: NEWS_FOREIGN,
  },
  { file: "_app+/administration+/trials+/_index.tsx", module: trials as Module, loader: only("editor", "admin", "top") },
  {
    file: "_app+/administration+/trials+/add.tsx",
    module: trialAdd as Module,
    loader: only("editor", "admin", "top"),
    action: { anonymous: "login", external: "forbidden" },
  },
  {
    file: "_app+/administration+/trials+/edit.$trialId.tsx",
    module: trialEdit as Module,
    loader: only("editor", "admin", "top"),
    action: { anonymous: "login", external: "forbidden" },
    foreign: HELD_FOREIGN,
  },
  {
    file: "_app+/administration+/trials+/$trialId.status.tsx",
    module: trialStatus as Module,
    action: { anonymous: "login", external: "forbidden" },
  },
  {
    file: "_app+/administration+/trials+/$trialId.delete.tsx",
    module: trialDelete as Module,
    loader: only("editor", "admin", "top"),
    action: { anonymous: "login", external: "forbidden" },
    foreign: HELD_FOREIGN,
  },
  { file: "_app+/events+/_index.tsx", module: eventsFeed as Module, loader: { ...signedIn("data"), top: "redirect" } },
  {
    file: "_app+/dashboard.tsx",
    module: dashboard as Module,
    loader: { ...signedIn("data"), external: "redirect", editor: "redirect", admin: "redirect" },
    action: { anonymous: "login" },
  },
  { file: "_app+/about.tsx", module: {} },
  { file: "_app+/change-password.tsx", module: changePassword as Module, loader: signedIn("data"), action: { anonymous: "login" } },
  // Calendar feeds (issue 16): each signed-in user's own; the feed itself needs no session, only a live token.
  { file: "_app+/calendar-feeds.tsx", module: calendarFeeds as Module, loader: signedIn("data"), action: { anonymous: "login" } },
  { file: "resources+/calendar.$file.ts", module: calendarFeed as Module, loader: all("not-found") },
  // The integration API (issue 29): each user's own tokens; the API itself takes a bearer token and never a session,
  // so every role's cookie alone is a 401 (the endpoints × tokens matrix is in api.test.ts).
  { file: "_app+/api-tokens.tsx", module: apiTokens as Module, loader: signedIn("data"), action: { anonymous: "login" } },
  { file: "_app+/api-docs.tsx", module: apiDocs as Module, loader: signedIn("data") },
  { file: "api+/v1.$.ts", module: apiV1 as Module, loader: all("unauthorized"), action: all("unauthorized") },
  { file: "api+/mcp.ts", module: mcp as Module, loader: all("unauthorized"), action: all("unauthorized") },
  // A long request's progress: anyone signed in, of their own requests only (another's token reads as nothing yet).
  { file: "resources+/task-progress.$token.ts", module: taskProgress as Module, loader: signedIn("data") },
  { file: "_app+/clients+/_index.tsx", module: clients as Module, loader: signedIn("home") },
  { file: "_app+/clients+/$clientId.therapeuticAreas+/_index.tsx", module: areas as Module, loader: signedIn("data"), foreign: "home" },
  {
    file: "_app+/clients+/$clientId.therapeuticAreas+/new.tsx",
    module: areaNew as Module,
    loader: only("editor", "admin", "top"),
    action: { anonymous: "login", external: "forbidden" },
    foreign: "home",
  },
  {
    file: "_app+/clients+/$clientId.therapeuticAreas+/$taId.edit.tsx",
    module: areaEdit as Module,
    loader: only("editor", "admin", "top"),
    action: { anonymous: "login", external: "forbidden" },
    foreign: "home",
  },
  {
    file: "_app+/clients+/$clientId.therapeuticAreas+/$taId.delete.tsx",
    module: areaDelete as Module,
    loader: only("admin", "top"),
    action: { anonymous: "login", external: "forbidden", editor: "forbidden" },
    foreign: "home",
  },
  {
    file: "_app+/clients+/$clientId.therapeuticAreas+/$taId.diseases+/_index.tsx",
    module: diseases as Module,
    loader: signedIn("data"),
    foreign: "home",
  },
  {
    file: "_app+/clients+/$clientId.therapeuticAreas+/$taId.diseases+/add.tsx",
    module: diseaseAdd as Module,
    loader: only("admin", "top"),
    action: { anonymous: "login", external: "forbidden", editor: "forbidden" },
    foreign: "home",
  },
  {
    file: "_app+/clients+/$clientId.therapeuticAreas+/$taId.diseases+/$diseaseId.edit.tsx",
    module: diseaseEdit as Module,
    loader: only("admin", "top"),
    action: { anonymous: "login", external: "forbidden", editor: "forbidden" },
    foreign: "home",
  },
  {
    file: "_app+/clients+/$clientId.therapeuticAreas+/$taId.diseases+/$diseaseId.delete.tsx",
    module: diseaseDelete as Module,
    loader: only("top"),
    action: { anonymous: "login", external: "forbidden", editor: "forbidden", admin: "forbidden" },
    foreign: "home",
  },
  {
    file: "_app+/clients+/$clientId.therapeuticAreas+/$taId.diseases+/$diseaseId.reports.tsx",
    module: reports as Module,
    loader: signedIn("data"),
    // Its action follows the disease (issue 30): refused signed out, and for a disease outside the user's permissions.
    action: { anonymous: "login" },
    foreign: "home",
    query: "?type=list",
  },
  // Its PowerPoint and Excel exports: a report the user may not see is not there (404), not a redirect with a toast.
  {
    file: "_app+/clients+/$clientId.therapeuticAreas+/$taId.diseases+/$diseaseId.reports_.export.ts",
    module: reportDeck as Module,
    loader: signedIn("data"),
    foreign: "not-found",
    query: "?type=timeline-table",
  },
  {
    file: "_app+/clients+/$clientId.therapeuticAreas+/$taId.diseases+/$diseaseId.reports_.excel.ts",
    module: reportWorkbook as Module,
    loader: signedIn("data"),
    foreign: "not-found",
    query: "?type=timeline-table",
  },
  // The administration console (issue 11): editors, admins and the top-level admin; clients and the log the top's.
  { file: "_app+/administration+/_layout.tsx", module: administration as Module, loader: only("editor", "admin", "top") },
  {
    file: "_app+/administration+/_index.tsx",
    module: administrationHome as Module,
    loader: { ...only("editor", "admin", "top"), editor: "redirect", admin: "redirect", top: "redirect" },
  },
  { file: "_app+/administration+/history.tsx", module: auditLog as Module, loader: only("top") },
  { file: "_app+/administration+/users+/_index.tsx", module: users as Module, loader: only("editor", "admin", "top") },
  {
    file: "_app+/administration+/users+/add.tsx",
    module: userAdd as Module,
    loader: only("editor", "admin", "top"),
    action: { anonymous: "login", external: "forbidden" },
  },
  {
    file: "_app+/administration+/users+/edit.$userId.tsx",
    module: userEdit as Module,
    loader: only("editor", "admin", "top"),
    action: { anonymous: "login", external: "forbidden" },
  },
  {
    file: "_app+/administration+/users+/$userId.permissions.tsx",
    module: userPermissions as Module,
    loader: only("editor", "admin", "top"),
  },
  // A managed user's API tokens (issue 29): as their edit page; the address names a sign-up request here, whose
  // (empty) list a console user may see.
  {
    file: "_app+/administration+/users+/$userId.api-tokens.tsx",
    module: userApiTokens as Module,
    loader: only("editor", "admin", "top"),
    action: { anonymous: "login", external: "forbidden" },
  },
  {
    file: "_app+/administration+/users+/$userId.reject.tsx",
    module: userReject as Module,
    loader: only("editor", "admin", "top"),
    action: { anonymous: "login", external: "forbidden" },
  },
  {
    file: "_app+/administration+/users+/$userId.unblock.tsx",
    module: userUnblock as Module,
    action: { anonymous: "login", external: "forbidden", editor: "forbidden", admin: "forbidden" },
  },
  {
    file: "_app+/administration+/users+/$userId.delete.tsx",
    module: userDelete as Module,
    // The address names a sign-up request, which is rejected, not deleted: refused even to the top-level admin.
    loader: { ...all("forbidden"), anonymous: "login" },
    action: { anonymous: "login", external: "forbidden", editor: "forbidden", admin: "forbidden" },
  },
  {
    file: "_app+/administration+/users+/$userId.restore.tsx",
    module: userRestore as Module,
    action: { anonymous: "login", external: "forbidden", editor: "forbidden", admin: "forbidden" },
  },
  // Companies (issue 13): shared reference data, editors and admins.
  { file: "_app+/administration+/company+/_index.tsx", module: companies as Module, loader: only("editor", "admin", "top") },
  {
    file: "_app+/administration+/company+/add.tsx",
    module: companyAdd as Module,
    loader: only("editor", "admin", "top"),
    action: { anonymous: "login", external: "forbidden" },
  },
  {
    file: "_app+/administration+/company+/edit.$companyId.tsx",
    module: companyEdit as Module,
    loader: only("editor", "admin", "top"),
    action: { anonymous: "login", external: "forbidden" },
  },
  {
    file: "_app+/administration+/company+/$companyId.status.tsx",
    module: companyStatus as Module,
    action: { anonymous: "login", external: "forbidden" },
  },
  {
    file: "_app+/administration+/company+/$companyId.delete.tsx",
    module: companyDelete as Module,
    loader: only("editor", "admin", "top"),
    action: { anonymous: "login", external: "forbidden" },
  },
  {
    file: "_app+/manage-company-logos.tsx",
    module: companyLogos as Module,
    loader: only("editor", "admin", "top"),
    action: { anonymous: "login", external: "forbidden" },
  },
  {
    file: "_app+/manage-company-logos_.$companyId.delete-logo.tsx",
    module: companyLogoDelete as Module,
    loader: only("editor", "admin", "top"),
    action: { anonymous: "login", external: "forbidden" },
  },
  // Keywords (issue 13): editors and admins, of the diseases they hold; another's is 'Invalid ID' on the list.
  { file: "_app+/administration+/keyword+/_index.tsx", module: keywords as Module, loader: only("editor", "admin", "top") },
  {
    file: "_app+/administration+/keyword+/add.tsx",
    module: keywordAdd as Module,
    loader: only("editor", "admin", "top"),
    action: { anonymous: "login", external: "forbidden" },
  },
  {
    file: "_app+/administration+/keyword+/edit.$keywordId.tsx",
    module: keywordEdit as Module,
    loader: only("editor", "admin", "top"),
    action: { anonymous: "login", external: "forbidden" },
    foreign: HELD_FOREIGN,
  },
  {
    file: "_app+/administration+/keyword+/$keywordId.status.tsx",
    module: keywordStatus as Module,
    action: { anonymous: "login", external: "forbidden" },
  },
  {
    file: "_app+/administration+/keyword+/$keywordId.delete.tsx",
    module: keywordDelete as Module,
    loader: only("editor", "admin", "top"),
    action: { anonymous: "login", external: "forbidden" },
    foreign: HELD_FOREIGN,
  },
  // Compounds (issue 13): editors and admins, of the diseases they hold; another's goes back to the list.
  { file: "_app+/administration+/compound+/_index.tsx", module: compounds as Module, loader: only("editor", "admin", "top") },
  {
    file: "_app+/administration+/compound+/add.tsx",
    module: compoundAdd as Module,
    loader: only("editor", "admin", "top"),
    action: { anonymous: "login", external: "forbidden" },
  },
  {
    file: "_app+/administration+/compound+/edit.$compoundId.tsx",
    module: compoundEdit as Module,
    loader: only("editor", "admin", "top"),
    action: { anonymous: "login", external: "forbidden" },
    foreign: HELD_FOREIGN,
  },
  {
    file: "_app+/administration+/compound+/$compoundId.status.tsx",
    module: compoundStatus as Module,
    action: { anonymous: "login", external: "forbidden" },
  },
  {
    file: "_app+/administration+/compound+/$compoundId.delete.tsx",
    module: compoundDelete as Module,
    loader: only("editor", "admin", "top"),
    action: { anonymous: "login", external: "forbidden" },
    foreign: HELD_FOREIGN,
  },
  // Imports (issue 13): as the list they fill; a run is its uploader's only (others go back to the upload page).
  {
    file: "_app+/administration+/compound+/import._index.tsx",
    module: compoundImport as Module,
    loader: only("editor", "admin", "top"),
    action: { anonymous: "login", external: "forbidden" },
  },
  {
    file: "_app+/administration+/compound+/import.$runId.tsx",
    module: compoundImportRun as Module,
    loader: { ...only("editor", "admin", "top"), editor: "redirect", admin: "redirect", top: "redirect" },
    action: { anonymous: "login", external: "forbidden", editor: "redirect" },
  },
  {
    file: "_app+/administration+/compound+/import.template.ts",
    module: compoundTemplate as Module,
    loader: only("editor", "admin", "top"),
  },
  {
    file: "_app+/administration+/keyword+/import._index.tsx",
    module: keywordImport as Module,
    loader: only("editor", "admin", "top"),
    action: { anonymous: "login", external: "forbidden" },
  },
  {
    file: "_app+/administration+/keyword+/import.$runId.tsx",
    module: keywordImportRun as Module,
    loader: { ...only("editor", "admin", "top"), editor: "redirect", admin: "redirect", top: "redirect" },
    action: { anonymous: "login", external: "forbidden", editor: "redirect" },
  },
  { file: "_app+/administration+/keyword+/import.template.ts", module: keywordTemplate as Module, loader: only("editor", "admin", "top") },
  {
    file: "_app+/administration+/trials+/import._index.tsx",
    module: trialImport as Module,
    loader: only("editor", "admin", "top"),
    action: { anonymous: "login", external: "forbidden" },
  },
  {
    file: "_app+/administration+/monitoring+/_index.tsx",
    module: monitoring as Module,
    loader: only("admin", "top"),
    action: { anonymous: "login", external: "forbidden", editor: "forbidden" },
  },
  {
    file: "_app+/administration+/monitoring+/add.tsx",
    module: sourceAdd as Module,
    loader: only("admin", "top"),
    action: { anonymous: "login", external: "forbidden", editor: "forbidden" },
  },
  {
    file: "_app+/administration+/monitoring+/edit.$sourceId.tsx",
    module: sourceEdit as Module,
    loader: only("admin", "top"),
    action: { anonymous: "login", external: "forbidden", editor: "forbidden" },
  },
  {
    file: "_app+/administration+/monitoring+/$sourceId.status.tsx",
    module: sourceStatus as Module,
    action: { anonymous: "login", external: "forbidden", editor: "forbidden" },
  },
  {
    file: "_app+/administration+/monitoring+/$sourceId.run.tsx",
    module: sourceRun as Module,
    action: { anonymous: "login", external: "forbidden", editor: "forbidden" },
  },
  {
    file: "_app+/administration+/monitoring+/$sourceId.delete.tsx",
    module: sourceDelete as Module,
    loader: only("admin", "top"),
    action: { anonymous: "login", external: "forbidden", editor: "forbidden" },
  },
  {
    file: "_app+/administration+/trials+/import.$syncId.tsx",
    module: trialImportSync as Module,
    loader: only("editor", "admin", "top"),
    action: { anonymous: "login", external: "forbidden" },
    foreign: HELD_FOREIGN,
  },
  {
    file: "resources+/import-progress.$runId.ts",
    module: importProgress as Module,
    loader: { ...only("editor", "admin", "top"), editor: "not-found", admin: "not-found", top: "not-found" },
  },
  // Events (issue 13): editors and admins, of the diseases they hold; another's is 'Invalid ID' on the list.
  { file: "_app+/administration+/events+/_index.tsx", module: events as Module, loader: only("editor", "admin", "top") },
  {
    file: "_app+/administration+/events+/add.tsx",
    module: eventAdd as Module,
    loader: only("editor", "admin", "top"),
    action: { anonymous: "login", external: "forbidden" },
  },
  {
    file: "_app+/administration+/events+/edit.$eventId.tsx",
    module: eventEdit as Module,
    loader: only("editor", "admin", "top"),
    action: { anonymous: "login", external: "forbidden" },
    foreign: HELD_FOREIGN,
  },
  {
    file: "_app+/administration+/events+/$eventId.status.tsx",
    module: eventStatus as Module,
    action: { anonymous: "login", external: "forbidden" },
  },
  {
    file: "_app+/administration+/events+/$eventId.delete.tsx",
    module: eventDelete as Module,
    loader: only("editor", "admin", "top"),
    action: { anonymous: "login", external: "forbidden" },
    foreign: HELD_FOREIGN,
  },
  { file: "_app+/administration+/client+/_index.tsx", module: adminClients as Module, loader: only("top") },
  {
    file: "_app+/administration+/client+/add.tsx",
    module: clientAdd as Module,
    loader: only("top"),
    action: { anonymous: "login", external: "forbidden", editor: "forbidden", admin: "forbidden" },
  },
  {
    file: "_app+/administration+/client+/edit.$clientId.tsx",
    module: clientEdit as Module,
    loader: only("top"),
    action: { anonymous: "login", external: "forbidden", editor: "forbidden", admin: "forbidden" },
  },
  {
    file: "_app+/administration+/client+/$clientId.status.tsx",
    module: clientStatus as Module,
    action: { anonymous: "login", external: "forbidden", editor: "forbidden", admin: "forbidden" },
  },
  {
    file: "_app+/administration+/client+/$clientId.delete.tsx",
    module: clientDelete as Module,
    loader: only("top"),
    action: { anonymous: "login", external: "forbidden", editor: "forbidden", admin: "forbidden" },
  },
  {
    file: "resources+/sheet.$diseaseId.ts",
    module: sheet as Module,
    loader: signedIn("data", "unauthorized"),
    action: { anonymous: "unauthorized", external: "forbidden", editor: "forbidden" },
    foreign: "forbidden",
  },
  { file: "resources+/company-logos.ts", module: logos as Module, loader: signedIn("data", "unauthorized") },
  { file: "resources+/drawer.ts", module: drawer as Module },
  // Forgets a browser's "draws reports" cookie and goes back to the page (a report page's <noscript>): anyone's.
  { file: "resources+/without-scripts.ts", module: withoutScripts as Module, loader: all("redirect"), query: "?to=/about" },
  { file: "resources+/files.$fileId.ts", module: files as Module, loader: signedIn("data") },
  { file: "resources+/events.$eventId.ics.ts", module: eventIcs as Module, loader: signedIn("data", "unauthorized"), foreign: "not-found" },
];

/** Every route file: what flat routes would make a route (not `__*` helpers or `*.server.*` modules). */
function routeFiles(dir = path.resolve(import.meta.dirname, "../../app/routes"), prefix = ""): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full, `${prefix}${name}/`);
    return name.startsWith("__") || name.includes(".server.") ? [] : [`${prefix}${name}`];
  });
}

describe("route × role", () => {
  // One world for the per-route tests below (a test each, so none grows with the table past the test timeout).
  let shared: ReturnType<typeof world> | undefined;
  const sharedWorld = () => (shared ??= world());

  test.each(ROUTES.filter((r) => r.loader).map((r) => [r.file, r] as const))(
    "%s: the loader answers each role as user-app §6 says",
    async (_, row) => {
      const w = await sharedWorld();
      for (const role of ROLES) {
        const user = role === "anonymous" ? null : w.users[role]._id;
        const result = await settle(
          Promise.resolve(
            row.module.loader!({ request: await makeRequest(`/x${row.query ?? ""}`, { user }), params: w.permitted, context: {} }),
          ),
        );
        expect(await outcomeOf(result), `${row.file} loader as ${role}`).toBe(row.loader![role]);
      }
    },
  );

  /** Posts the route's action as each role it must refuse, with a body that tries to grant more; yields each outcome. */
  async function* refusedPosts(w: Awaited<ReturnType<typeof world>>, row: Row) {
    for (const [role, expected] of Object.entries(row.action!) as Array<[Role, Outcome]>) {
      const user = role === "anonymous" ? null : w.users[role]._id;
      const form = { name: "Hijacked", role: "admin", isTopAdmin: "true", intent: "refresh", email: "x@example.test", password: "x" };
      const result = await settle(
        Promise.resolve(row.module.action!({ request: await makeRequest("/x", { user, form }), params: w.permitted, context: {} })),
      );
      yield { role, expected, outcome: await outcomeOf(result) };
    }
  }

  test.each(ROUTES.filter((r) => r.action).map((r) => [r.file, r] as const))(
    "%s: the action refuses the roles it must, whatever the body asks for",
    async (_, row) => {
      for await (const { role, expected, outcome } of refusedPosts(await sharedWorld(), row)) {
        expect(outcome, `${row.file} action as ${role}`).toBe(expected);
      }
    },
  );

  // Posts every refused action itself (on a world of its own), so it checks something whichever tests run before it.
  test("the refused actions changed nothing", async () => {
    const w = await world();
    for (const row of ROUTES.filter((r) => r.action)) for await (const _ of refusedPosts(w, row));
    expect((await TherapeuticArea.findById(w.neuro._id).lean())?.name).not.toBe("Hijacked");
    expect(await User.findById(w.permitted.userId).lean()).toMatchObject({ status: "pending", role: "" });
    expect(await Client.countDocuments({ name: "Hijacked" })).toBe(0);
    expect(await Keyword.countDocuments({ name: "Hijacked" })).toBe(0);
    expect(await Event.countDocuments({ title: "Hijacked" })).toBe(0);
    expect(await Company.countDocuments({ name: "Hijacked" })).toBe(0);
    expect(await SavedSearch.countDocuments()).toBe(0);
    expect(await Trial.countDocuments({ eventTitle: "Hijacked" })).toBe(0);
    expect(await TrialDraft.countDocuments()).toBe(0);
    expect((await ImportRun.find().select("state").lean()).map((r) => r.state)).not.toContain("done");
    expect(await Disease.countDocuments({ _id: w.ad._id })).toBe(1);
    expect(await RegistrySync.countDocuments({ lastRunAt: trusted({ $exists: true }) })).toBe(0);
    const source = await MonitorSource.findById(w.permitted.sourceId).select("name nextRunAt").lean();
    expect([source?.name, source!.nextRunAt.getTime() > Date.now()]).toEqual(["Wire", true]);
    expect(await EditorsDigest.countDocuments()).toBe(0);
  }, 60_000); // every refused action, then the records read back: about 10 s on FerretDB, twice that on a machine busy with other work

  test("an address outside the user's permissions gets no data, for every role", async () => {
    const w = await world();
    for (const row of ROUTES.filter((r) => r.foreign)) {
      for (const role of ["external", "editor", "admin"] as const) {
        const user = w.users[role]._id;
        const loaded = await settle(
          Promise.resolve(
            row.module.loader!({ request: await makeRequest(`/x${row.query ?? ""}`, { user }), params: w.foreign, context: {} }),
          ),
        );
        const expected = typeof row.foreign === "string" ? row.foreign : row.foreign![role];
        expect(await outcomeOf(loaded), `${row.file} loader as ${role}`).toBe(expected);
        if (row.module.action) {
          const posted = await settle(
            Promise.resolve(
              row.module.action({ request: await makeRequest("/x", { user, form: { name: "Hijacked" } }), params: w.foreign, context: {} }),
            ),
          );
          expect(await outcomeOf(posted), `${row.file} action as ${role}`).toBe(expected);
        }
      }
    }
  }, 60_000); // every foreign route × role: about 10 s on FerretDB, twice that on a machine busy with other work

  // The foreign-holdings axis (decision 018): a console user sees and acts on a user only when every grant of that
  // user lies within their own. Targets hold access inside the actor's (Alzheimer's, which the editor and the admin
  // hold), partly outside (Alzheimer's and another client's Lupus) or wholly outside (Lupus); the top-level admin holds
  // everything. Outside is a 404, like an id that does not exist, for every loader and action — and the list omits them.
  test("a user whose grants lie partly or wholly outside the actor's holdings is out of reach on every user route", async () => {
    const w = await sharedWorld();
    const external = (diseases: Array<typeof w.ad>) => createUser({ role: "external", permissions: grantsFor(diseases) });
    const targets = { inside: await external([w.ad]), partly: await external([w.ad, w.lupus]), wholly: await external([w.lupus]) };
    type Reach = keyof typeof targets;
    /** The outcome for a target inside the actor's holdings (outside is always "not-found"); actions are posted only
     *  where they are refused, so nothing changes. */
    const USER_ROUTES: Array<{
      module: Module;
      loader?: Partial<Record<"editor" | "admin" | "top", Outcome>>;
      action?: Partial<Record<"editor" | "admin" | "top", Outcome>>;
      outside?: Outcome;
    }> = [
      { module: userEdit as Module, loader: { editor: "data", admin: "data", top: "data" } },
      { module: userPermissions as Module, loader: { editor: "data", admin: "data", top: "data" } },
      // Only a revocation of no token of theirs is posted inside: it changes nothing.
      {
        module: userApiTokens as Module,
        loader: { editor: "data", admin: "data", top: "data" },
        action: { editor: "redirect", admin: "redirect", top: "redirect" },
      },
      // An active user is no sign-up request: nothing to reject, whoever looks.
      {
        module: userReject as Module,
        loader: { editor: "forbidden", admin: "forbidden", top: "forbidden" },
        action: { editor: "forbidden", admin: "forbidden", top: "forbidden" },
      },
      { module: userUnblock as Module, action: { editor: "forbidden", admin: "forbidden", top: "forbidden" } },
      {
        module: userDelete as Module,
        loader: { editor: "forbidden", admin: "forbidden", top: "data" },
        action: { editor: "forbidden", admin: "forbidden" },
      },
      // Undo is the top-level admin's alone: anyone else is refused by role before any user is looked up.
      { module: userRestore as Module, action: { editor: "forbidden", admin: "forbidden" }, outside: "forbidden" },
    ];
    const form = { first: "Hijacked", last: "User", email: "thief@example.test", role: "editor", intent: "save", reason: "x" };
    for (const [reach, target] of Object.entries(targets) as Array<[Reach, { _id: unknown; email: string }]>) {
      for (const role of ["editor", "admin", "top"] as const) {
        const outside = reach !== "inside" && role !== "top";
        const params = { userId: String(target._id) };
        for (const [i, route] of USER_ROUTES.entries()) {
          for (const kind of ["loader", "action"] as const) {
            const inside = route[kind]?.[role];
            if (!route.module[kind] || (!outside && !inside)) continue;
            const request = await makeRequest("/x", { user: w.users[role]._id, ...(kind === "action" ? { form } : {}) });
            const result = await settle(Promise.resolve(route.module[kind]!({ request, params, context: {} })));
            expect(await outcomeOf(result), `user route ${i} ${kind} as ${role} on a target ${reach}`).toBe(
              outside ? (route.outside ?? "not-found") : inside,
            );
          }
        }
        const listed = (await callLoader(users, { user: w.users[role], url: `/x?q=${encodeURIComponent(target.email)}` })) as {
          rows: Array<{ id: string }>;
        };
        expect(
          listed.rows.map((r) => r.id),
          `the list as ${role}, a target ${reach}`,
        ).toEqual(outside ? [] : [String(target._id)]);
      }
      expect(await User.findById(target._id).lean(), `target ${reach} unchanged`).toMatchObject({
        email: target.email,
        role: "external",
        status: "active",
      });
    }
  }, 60_000); // every user route × actor × target: about 10 s on FerretDB, twice that on a machine busy with other work

  test("the table lists every route file", () => {
    expect(routeFiles().sort()).toEqual(ROUTES.map((r) => r.file).sort());
  });
});
