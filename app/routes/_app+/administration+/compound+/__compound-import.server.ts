import { COMPOUND_PRIORITIES, DEVELOPMENT_PHASES, REGIONS, THERAPEUTIC_MODALITIES } from "#common/constants";
import { COMPOUNDS_IMPORTED } from "#common/messages";
import { nameKey } from "#common/search";
import { companyIdsByName } from "~/models/company.server";
import {
  compoundChanges,
  compoundName,
  compoundValuesOf,
  managedCompoundsOfClients,
  writeImportedCompounds,
  type CompoundValues,
  type ManagedCompound,
} from "~/models/compound.server";
import { choiceOf, importRoutes, planRows, problemsOf, type Importer, type ImportRecord } from "~/services/console/import.server";
import { COMPOUNDS_LIST } from "~/utils/administration";
import { CompoundSchema } from "~/utils/compound-schema";
import { IMPORT_STATUSES, SCOPE_COLUMNS, STATUS_COLUMN, statusOfChoice, type ImportColumn } from "~/utils/import";
import type { SessionUser } from "~/utils/session.server";

// Compounds from an .xlsm workbook (admin-console §5): one row per compound, checked by the compound form's own schema
// (its rules and messages), companies by name or alias. A row updates the compound of the same client that has one of
// its generic or brand names (preferring the one of the same disease) among those of the diseases the importer holds;
// otherwise it creates one.

const PRIORITY_LABELS = Object.values(COMPOUND_PRIORITIES);
const YES_NO = ["Yes", "No"] as const;

const COLUMNS: readonly ImportColumn[] = [
  { key: "generic", header: "Generic Name", hint: "At least one of the four names is needed." },
  { key: "brand", header: "Brand Name", hint: "" },
  { key: "scientific", header: "Scientific Name", hint: "" },
  { key: "other", header: "Other Names", hint: "Codes and former names, separated by commas." },
  ...SCOPE_COLUMNS,
  { key: "originator", header: "Originator", required: true, hint: "A company of the Company List, by its name or alias." },
  {
    key: "licensees",
    header: "Licensees",
    hint: `Each region with its companies, regions separated by semicolons: "Japan: Eisai; EU: Biogen, Eisai". Regions: ${REGIONS.join(", ")}.`,
  },
  { key: "approved", header: "Approved In Geographies", hint: "Separated by commas." },
  { key: "website", header: "Website", hint: "A web address starting with http:// or https://." },
  { key: "route", header: "Route Of Administration", hint: "Required for Phase 2." },
  { key: "mechanism", header: "Mechanism Of Action", hint: "Required for Phase 2." },
  { key: "modality", header: "Therapeutic Modality", required: true, hint: "", choices: THERAPEUTIC_MODALITIES },
  { key: "priority", header: "Priority", required: true, hint: "", choices: PRIORITY_LABELS },
  { key: "phase", header: "Development Phase", required: true, hint: "", choices: DEVELOPMENT_PHASES },
  { key: "dmt", header: "DMT", hint: "Disease-modifying therapy; No when empty.", choices: YES_NO },
  STATUS_COLUMN,
];
const header = (key: string) => COLUMNS.find((c) => c.key === key)!.header;

/** The column a field of the form's schema comes from. */
const COLUMN_OF: Record<string, string> = {
  name: "Names",
  originator: header("originator"),
  licensee: header("licensees"),
  approvedInGeographies: header("approved"),
  compoundWebsite: header("website"),
  routeOfAdministration: header("route"),
  mechanismOfAction: header("mechanism"),
  therapeuticModality: header("modality"),
  priority: header("priority"),
  developmentPhase: header("phase"),
  isDMT: header("dmt"),
  status: header("status"),
};

const listed = (text: string, separator: string) =>
  text
    .split(separator)
    .map((t) => t.trim())
    .filter(Boolean);

const licenseeNames = (cell: string) => listed(cell, ";").flatMap((part) => listed(part.split(":").slice(1).join(":"), ","));
// A compound is found by any of its generic and brand names, within its client.
const keysOf = (client: string, names: Array<string | null | undefined>) => names.flatMap((n) => (n ? [`${client}|${nameKey(n)}`] : []));

const plan = (user: SessionUser, records: ImportRecord[]) =>
  planRows(user, records, {
    load: async (clientIds) => {
      const [companies, existing] = await Promise.all([
        companyIdsByName(records.flatMap((r) => [r.cells.originator ?? "", ...licenseeNames(r.cells.licensees ?? "")])),
        managedCompoundsOfClients({ user, clientIds }),
      ]);
      const byName = new Map<string, ManagedCompound[]>();
      for (const c of existing)
        for (const key of keysOf(String(c.client), [c.name?.generic, c.name?.brand])) byName.set(key, [...(byName.get(key) ?? []), c]);
      return { companies, byName };
    },
    check: ({ record, scope, problems }, { companies }) => {
      const cells = record.cells;
      const name = cells.generic || cells.brand || cells.scientific || listed(cells.other ?? "", ",")[0] || "";
      const company = (column: string, text: string) => {
        const ids = companies.get(nameKey(text)) ?? [];
        if (ids.length === 1) return ids[0]!;
        problems.push({
          column,
          message: ids.length
            ? `"${text}" names ${ids.length} companies: write the one meant by its full name.`
            : `No company "${text}" in the Company List.`,
        });
        return undefined;
      };
      const choice = <T extends string>(key: string, choices: readonly T[]) => {
        const found = choiceOf(choices, cells[key] ?? "");
        if (found === null) problems.push({ column: header(key), message: `Choose one of: ${choices.join(", ")}.` });
        return found || undefined;
      };
      const priority = choice("priority", PRIORITY_LABELS);
      const dmt = choice("dmt", YES_NO);
      const status = choice("status", IMPORT_STATUSES);
      const licensee = listed(cells.licensees ?? "", ";").map((part) => {
        const [region, ...rest] = part.split(":");
        const found = choiceOf(REGIONS, region!.trim());
        if (!rest.length || !found)
          problems.push({
            column: header("licensees"),
            message: `Write each licensee as one of ${REGIONS.join(", ")}, a colon and its companies: "${part}".`,
          });
        return { region: found || undefined, companies: listed(rest.join(":"), ",").map((c) => company(header("licensees"), c)) };
      });
      const input = {
        name: {
          brand: cells.brand || undefined,
          generic: cells.generic || undefined,
          scientific: cells.scientific || undefined,
          other: cells.other || undefined,
        },
        ...scope,
        originator: cells.originator ? company(header("originator"), cells.originator) : undefined,
        licensee,
        approvedInGeographies: cells.approved || undefined,
        compoundWebsite: cells.website || undefined,
        routeOfAdministration: cells.route || undefined,
        mechanismOfAction: cells.mechanism || undefined,
        therapeuticModality: choice("modality", THERAPEUTIC_MODALITIES),
        priority: priority ? Number(Object.entries(COMPOUND_PRIORITIES).find(([, label]) => label === priority)![0]) : undefined,
        developmentPhase: choice("phase", DEVELOPMENT_PHASES),
        isDMT: dmt === "Yes",
        status: statusOfChoice(status),
      };
      const checked = CompoundSchema.safeParse(input);
      const schemaProblems = problemsOf(checked, COLUMN_OF, problems);
      if (problems.length || schemaProblems.length || !checked.success || !scope)
        return { name, problems: [...problems, ...schemaProblems] };
      const values = compoundValuesOf(checked.data);
      // A row with neither a generic nor a brand name is keyed by the name it is shown by: a later row of it repeats it.
      return {
        name,
        values,
        keys: keysOf(scope.client, [values.name.generic, values.name.brand, values.name.generic || values.name.brand ? undefined : name]),
      };
    },
    repeat: { column: "Names", noun: "compound" },
    match: ({ values, keys }, { byName }) => {
      const matches = [...new Map(keys.flatMap((k) => byName.get(k) ?? []).map((c) => [String(c._id), c])).values()];
      const sameDisease = matches.filter((c) => String(c.disease) === values.disease);
      const match = matches.length > 1 && sameDisease.length ? sameDisease : matches;
      if (match.length <= 1) return { existing: match[0] };
      return {
        problem: {
          column: "Names",
          message: `Matches ${match.length} compounds of this client (${match.map(compoundName).join(", ")}): give each compound its own names.`,
        },
      };
    },
    changes: compoundChanges,
  });

export const compoundImporter: Importer<CompoundValues, ManagedCompound> = {
  kind: "compounds",
  noun: "compounds",
  extension: "xlsm",
  sheetName: "Compounds",
  columns: COLUMNS,
  list: COMPOUNDS_LIST,
  done: COMPOUNDS_IMPORTED,
  plan,
  write: (actor, batch) => writeImportedCompounds({ actor, ...batch }),
};

/** The import's routes: the upload page, the template and one import's page, each calling the guard first. */
export const { uploadLoader, uploadAction, templateLoader, runLoader, runAction } = importRoutes(compoundImporter, "compound:manage");
