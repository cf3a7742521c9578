import { KEYWORD_PRIORITIES } from "#common/constants";
import { KEYWORDS_IMPORTED } from "#common/messages";
import { nameKey } from "#common/search";
import { keywordChanges, keywordsOfClients, writeImportedKeywords, type KeywordValues, type ManagedKeyword } from "~/models/keyword.server";
import { choiceOf, importRoutes, planRows, problemsOf, type Importer, type ImportRecord } from "~/services/console/import.server";
import { KEYWORDS_LIST } from "~/utils/administration";
import { IMPORT_STATUSES, SCOPE_COLUMNS, STATUS_COLUMN, statusOfChoice, type ImportColumn } from "~/utils/import";
import { KeywordSchema } from "~/utils/keyword-schema";
import type { SessionUser } from "~/utils/session.server";

// Keywords from an .xlsx workbook (admin-console §5): one row per keyword, checked by the keyword form's own schema.
// Reading taken of "matched by name within the client": a keyword is filed under a disease, and the same term may be
// tracked for two diseases of a client, so a row updates the keyword of that name in the same client and disease
// (its priority, its status); otherwise it creates one.

const PRIORITY_LABELS = Object.values(KEYWORD_PRIORITIES);

const COLUMNS: readonly ImportColumn[] = [
  { key: "name", header: "Name", required: true, hint: "The keyword, as news items are tagged with it." },
  ...SCOPE_COLUMNS,
  { key: "priority", header: "Priority", hint: "Medium when empty.", choices: PRIORITY_LABELS },
  STATUS_COLUMN,
];
const COLUMN_OF: Record<string, string> = { name: "Name", priority: "Priority", status: "Status" };

const keyOf = (disease: unknown, name: string) => `${String(disease)}|${nameKey(name)}`;

const plan = (user: SessionUser, records: ImportRecord[]) =>
  planRows(user, records, {
    load: async (clientIds) => new Map((await keywordsOfClients(clientIds)).map((k) => [keyOf(k.disease, k.name), k])),
    check: ({ record, scope, problems }) => {
      const cells = record.cells;
      const name = cells.name ?? "";
      const priority = choiceOf(PRIORITY_LABELS, cells.priority ?? "");
      const status = choiceOf(IMPORT_STATUSES, cells.status ?? "");
      if (priority === null) problems.push({ column: "Priority", message: `Choose one of: ${PRIORITY_LABELS.join(", ")}.` });
      if (status === null) problems.push({ column: "Status", message: `Choose one of: ${IMPORT_STATUSES.join(", ")}.` });
      const checked = KeywordSchema.safeParse({
        name: name || undefined,
        status: statusOfChoice(status),
        ...scope,
        priority: Number(Object.entries(KEYWORD_PRIORITIES).find(([, label]) => label === (priority || "Medium"))![0]),
      });
      const schemaProblems = problemsOf(checked, COLUMN_OF, problems);
      if (problems.length || schemaProblems.length || !checked.success || !scope)
        return { name, problems: [...problems, ...schemaProblems] };
      const values: KeywordValues = checked.data;
      return { name, values, keys: [keyOf(values.disease, values.name)] };
    },
    repeat: { column: "Name", noun: "keyword" },
    match: ({ keys }, byKey) => ({ existing: byKey.get(keys[0]!) }),
    changes: keywordChanges,
  });

export const keywordImporter: Importer<KeywordValues, ManagedKeyword> = {
  kind: "keywords",
  noun: "keywords",
  extension: "xlsx",
  sheetName: "Keywords",
  columns: COLUMNS,
  list: KEYWORDS_LIST,
  done: KEYWORDS_IMPORTED,
  plan,
  write: (actor, batch) => writeImportedKeywords({ actor, ...batch }),
};

/** The import's routes: the upload page, the template and one import's page, each calling the guard first. */
export const { uploadLoader, uploadAction, templateLoader, runLoader, runAction } = importRoutes(keywordImporter, "keyword:manage");
