import { z } from "zod";
import * as zm from "zod/mini";

import { COMPANY_DELETED, COMPOUND_DELETED, INVALID_ID, KEYWORD_DELETED } from "#common/messages";
import {
  companyChoices,
  CompanyFormError,
  companyFormValues,
  companyRows,
  createCompany,
  deleteCompany,
  findManagedCompany,
  listCompaniesPage,
  updateCompany,
} from "~/models/company.server";
import {
  compoundFormValues,
  CompoundInUseError,
  compoundRows,
  compoundValuesOf,
  createCompound,
  deleteCompound,
  findManagedCompound,
  listCompoundsPage,
  strayCompany,
  updateCompound,
} from "~/models/compound.server";
import { listManagedEventsPage, managedEventRows } from "~/models/event.server";
import {
  createKeyword,
  deleteKeyword,
  findManagedKeyword,
  keywordFormValues,
  keywordRows,
  listKeywordsPage,
  updateKeyword,
} from "~/models/keyword.server";
import { trialRegistryHistory } from "~/models/registry.server";
import { findManagedTrial, listTrialsPage, trialRows } from "~/models/trial.server";
import { CompanySchema } from "~/utils/company-schema";
import { CompoundBody, CompoundPatch, type CompoundFormOutput } from "~/utils/compound-schema";
import { KeywordSchema } from "~/utils/keyword-schema";
import type { SessionUser } from "~/utils/session.server";

import { endpoint, type AnyEndpoint } from "../endpoint.server";
import { ApiProblem } from "../problem.server";
import { checkScope, consoleList, deleteOne, filled, Id, Place, rowsOf, updateOne, withSent } from "./shared.server";

// /api/v1: the console's lists (editors and admins), keywords, companies and compounds written with their console forms'
// rules, and a trial with its registry history.

const KeywordRow = z.object({ _id: z.string(), name: z.string(), status: z.string(), ...Place, priority: z.string() });

/** A record as its console list shows it (its id as `_id`), read again after a write: a 404 when the owner no longer
 *  manages it. */
async function listedRow<T, R extends { id: string }>(record: T | null, rows: (records: T[]) => Promise<R[]>) {
  if (!record) throw new ApiProblem(404, INVALID_ID);
  const [row] = await rows([record]);
  const { id: _id, ...rest } = row!;
  return { _id, ...rest };
}

const keywordRow = async (user: SessionUser, id: string) => ({
  keyword: await listedRow(await findManagedKeyword({ user, id }), (keywords) => keywordRows(keywords, user)),
});

const CompanyRow = z.object({
  _id: z.string(),
  name: z.string(),
  type: z.string(),
  parent: z.string(),
  website: z.string().nullable(),
  thumbnail: z.string().nullable(),
  status: z.string(),
});

/** A company as written through the API: the console form's fields without the logo (uploaded in the console). */
const CompanyBody = zm.omit(CompanySchema, { logo: true, removeLogo: true });

const companyRow = async (id: string) => ({ company: await listedRow(await findManagedCompany(id), companyRows) });

/** The console's refusal of a company write (a parent that would make a cycle, a company still in use) as the API's. */
async function savingCompany<T>(save: () => Promise<T>) {
  try {
    return await save();
  } catch (error) {
    if (!(error instanceof CompanyFormError)) throw error;
    if (!error.field) throw new ApiProblem(409, error.message);
    throw new ApiProblem(400, error.message, { errors: [{ pointer: `body.${error.field}`, detail: error.message }] });
  }
}

const CompoundRow = z.object({
  _id: z.string(),
  name: z.string(),
  otherNames: z.array(z.string()),
  ...Place,
  originator: z.string(),
  phase: z.string(),
  priority: z.string(),
  status: z.string(),
});

const compoundRow = async (user: SessionUser, id: string) => ({
  compound: await listedRow(await findManagedCompound({ user, id }), (compounds) => compoundRows(compounds, user)),
});

/** What the console's form checks beyond its schema: the place within the owner's own, companies that exist and are
 *  offered (active, or already named: the form keeps those choosable). */
async function checkCompound(user: SessionUser, values: CompoundFormOutput) {
  await checkScope(user, values);
  const named = [values.originator, ...(values.licensee ?? []).flatMap((l) => l.companies)];
  const stray = Object.entries(strayCompany(values, await companyChoices(named)));
  if (stray.length)
    throw new ApiProblem(400, "Name companies by their ids (GET /companies).", {
      errors: stray.map(([field, [detail]]) => ({ pointer: `body.${field.replace(/\[(\d+)\]/g, ".$1")}`, detail: detail! })),
    });
}

export const REFERENCE: AnyEndpoint[] = [
  consoleList({
    path: "/events",
    key: "events",
    summary: "The events the owner manages, by title (admin-console; editors and admins)",
    permission: "event:manage",
    row: z.object({
      _id: z.string(),
      title: z.string(),
      type: z.string(),
      ...Place,
      compound: z.string(),
      start: z.string(),
      end: z.string(),
      status: z.string(),
    }),
    read: async (user, search, page) =>
      rowsOf(await listManagedEventsPage({ user, search, page }), (items) => managedEventRows(items, user)),
  }),
  consoleList({
    path: "/compounds",
    key: "compounds",
    summary: "The compounds the owner manages, by generic name (user-app §7 /compounds; editors and admins)",
    permission: "compound:manage",
    row: CompoundRow,
    read: async (user, search, page) => rowsOf(await listCompoundsPage({ user, search, page }), (items) => compoundRows(items, user)),
  }),
  endpoint({
    method: "POST",
    path: "/compounds",
    operationId: "createCompound",
    tag: "Reference data",
    summary: "Adds a compound to a disease the owner holds (admin-console; editors and admins); its logo is uploaded in the console",
    description:
      "Checked as the console's form checks it (its rules and messages: at least one name, the originator, a Phase 2 compound's " +
      "mechanism of action and route of administration). Other names and approved geographies are comma-separated, as the form " +
      "sends them; companies are ids (GET /companies). Recorded in the change log with the token's name.",
    access: "write",
    permission: "compound:manage",
    body: CompoundBody,
    response: z.object({ compound: CompoundRow }),
    handle: async ({ caller: { user }, body }) => {
      await checkCompound(user, body);
      return compoundRow(user, await createCompound({ actor: user, values: compoundValuesOf(body), logo: null }));
    },
  }),
  updateOne({
    path: "/compounds/{compoundId}",
    param: "compoundId",
    operationId: "updateCompound",
    tag: "Reference data",
    summary: "Changes a compound: the fields sent replace the compound's (its logo stays)",
    permission: "compound:manage",
    body: CompoundPatch,
    response: z.object({ compound: CompoundRow }),
    find: (user, id) => findManagedCompound({ user, id }),
    missing: INVALID_ID,
    update: async (user, compound, sent, id) => {
      const { priority, isDMT, name, ...current } = compoundFormValues(compound);
      const values = withSent(
        CompoundBody,
        { ...filled(current), name: filled(name), priority: Number(priority), isDMT: isDMT === "on" },
        sent,
      );
      await checkCompound(user, values);
      await updateCompound({ actor: user, compound, values: compoundValuesOf(values), logo: null });
      return compoundRow(user, id);
    },
  }),
  deleteOne({
    path: "/compounds/{compoundId}",
    param: "compoundId",
    operationId: "deleteCompound",
    tag: "Reference data",
    summary: "Deletes a compound no news item, event or trial names (one still named is made inactive instead)",
    permission: "compound:manage",
    problems: { 409: "The compound is still named by news, events or trials (the message says how many)" },
    find: (user, id) => findManagedCompound({ user, id }),
    remove: async (user, compound) => {
      try {
        await deleteCompound({ actor: user, compound });
      } catch (error) {
        if (error instanceof CompoundInUseError) throw new ApiProblem(409, error.message);
        throw error;
      }
    },
    missing: INVALID_ID,
    message: COMPOUND_DELETED,
  }),
  consoleList({
    path: "/companies",
    key: "companies",
    summary: "The companies, by name (admin-console; editors and admins)",
    permission: "company:manage",
    row: CompanyRow,
    read: async (_user, search, page) => rowsOf(await listCompaniesPage({ search, page }), (items) => companyRows(items)),
  }),
  endpoint({
    method: "POST",
    path: "/companies",
    operationId: "createCompany",
    tag: "Reference data",
    summary: "Adds a company (admin-console; editors and admins); its logo is uploaded in the console",
    description: "Checked as the console's form checks it (its rules and messages). Recorded in the change log with the token's name.",
    access: "write",
    permission: "company:manage",
    body: CompanyBody,
    response: z.object({ company: CompanyRow }),
    handle: async ({ caller: { user }, body }) =>
      companyRow(await savingCompany(() => createCompany({ actor: user, values: body, logo: null }))),
  }),
  updateOne({
    path: "/companies/{companyId}",
    param: "companyId",
    operationId: "updateCompany",
    tag: "Reference data",
    summary: "Changes a company: the fields sent replace the company's (its logo stays)",
    permission: "company:manage",
    body: zm.partial(CompanyBody),
    response: z.object({ company: CompanyRow }),
    find: (_user, id) => findManagedCompany(id),
    missing: INVALID_ID,
    update: async (user, company, sent, id) => {
      const { removeLogo: _, ...current } = companyFormValues(company);
      const values = withSent(CompanyBody, filled(current), sent);
      await savingCompany(() => updateCompany({ actor: user, company, values, logo: null }));
      return companyRow(id);
    },
  }),
  deleteOne({
    path: "/companies/{companyId}",
    param: "companyId",
    operationId: "deleteCompany",
    tag: "Reference data",
    summary: "Deletes a company no compound, news item or company names",
    permission: "company:manage",
    problems: { 409: "The company is still named by compounds, news or companies (the message says how many)" },
    find: (_user, id) => findManagedCompany(id),
    remove: (user, company) => savingCompany(() => deleteCompany({ actor: user, company })),
    missing: INVALID_ID,
    message: COMPANY_DELETED,
  }),
  consoleList({
    path: "/keywords",
    key: "keywords",
    summary: "The keywords the owner manages, by name (admin-console; editors and admins)",
    permission: "keyword:manage",
    row: KeywordRow,
    read: async (user, search, page) => rowsOf(await listKeywordsPage({ user, search, page }), (items) => keywordRows(items, user)),
  }),
  endpoint({
    method: "POST",
    path: "/keywords",
    operationId: "createKeyword",
    tag: "Reference data",
    summary: "Adds a keyword to a disease the owner holds (admin-console; editors and admins)",
    description: "Checked as the console's form checks it (its rules and messages). Recorded in the change log with the token's name.",
    access: "write",
    permission: "keyword:manage",
    body: KeywordSchema,
    response: z.object({ keyword: KeywordRow }),
    handle: async ({ caller: { user }, body }) => {
      await checkScope(user, body);
      return keywordRow(user, await createKeyword({ actor: user, values: body }));
    },
  }),
  updateOne({
    path: "/keywords/{keywordId}",
    param: "keywordId",
    operationId: "updateKeyword",
    tag: "Reference data",
    summary: "Changes a keyword: the fields sent replace the keyword's (e.g. status to switch it off)",
    permission: "keyword:manage",
    body: zm.partial(KeywordSchema),
    response: z.object({ keyword: KeywordRow }),
    find: (user, id) => findManagedKeyword({ user, id }),
    missing: INVALID_ID,
    update: async (user, keyword, sent, id) => {
      const { priority, ...current } = keywordFormValues(keyword);
      const values = withSent(KeywordSchema, { ...filled(current), priority: Number(priority) }, sent);
      await checkScope(user, values);
      await updateKeyword({ actor: user, keyword, values });
      return keywordRow(user, id);
    },
  }),
  deleteOne({
    path: "/keywords/{keywordId}",
    param: "keywordId",
    operationId: "deleteKeyword",
    tag: "Reference data",
    summary: "Deletes a keyword",
    permission: "keyword:manage",
    find: (user, id) => findManagedKeyword({ user, id }),
    remove: (user, keyword) => deleteKeyword({ actor: user, keyword }),
    missing: INVALID_ID,
    message: KEYWORD_DELETED,
  }),
  consoleList({
    path: "/trials",
    key: "trials",
    summary: "The trials the owner manages, newest start first (admin-console; editors and admins)",
    permission: "trial:manage",
    row: z.object({
      _id: z.string(),
      title: z.string(),
      identifier: z.string(),
      phase: z.string(),
      ...Place,
      compound: z.string(),
      status: z.string(),
    }),
    read: async (user, search, page) =>
      rowsOf(await listTrialsPage({ user, filters: { search }, page }), (items) => trialRows(items, user)),
  }),
  endpoint({
    method: "GET",
    path: "/trials/{trialId}",
    operationId: "getTrial",
    tag: "Reference data",
    summary: "A trial the owner manages, with what the registry sync saw change (primary completion slips among them)",
    access: "read",
    permission: "trial:manage",
    params: z.object({ trialId: Id }),
    response: z.object({
      _id: z.string(),
      title: z.string(),
      identifier: z.string().nullable(),
      acronyms: z.string().nullable(),
      phase: z.string().nullable(),
      trialStatus: z.string().nullable(),
      startDateTime: z.string().nullable(),
      primaryCompletionDate: z.string().nullable(),
      status: z.string(),
      registryHistory: z.array(z.object({ field: z.string(), previous: z.string(), next: z.string(), seenAt: z.string() })),
    }),
    handle: async ({ caller: { user }, params }) => {
      const trial = await findManagedTrial({ user, id: params.trialId });
      if (!trial) throw new ApiProblem(404, INVALID_ID);
      const history = await trialRegistryHistory(String(trial._id));
      return {
        _id: String(trial._id),
        title: trial.eventTitle,
        identifier: trial.trialIdentifier ?? null,
        acronyms: trial.acronyms ?? null,
        phase: trial.phase ?? null,
        trialStatus: trial.trialStatus ?? null,
        startDateTime: trial.startDateTime?.toISOString() ?? null,
        primaryCompletionDate: trial.primaryCompletionDate?.toISOString() ?? null,
        status: trial.status ?? "active",
        registryHistory: history.map(({ id: _id, ...change }) => change),
      };
    },
  }),
];
