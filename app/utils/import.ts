// What the console's spreadsheet imports (admin-console §5) share between the pages
// (app/components/console/import.tsx) and the server (app/services/console/import.server.ts).

/** The spec's multipart field for the file. */
export const IMPORT_FIELD = "files";
export const IMPORT_MAX_ROWS = 10_000;
/** Rows per page of a preview. */
export const IMPORT_PAGE_SIZE = 100;
export const OUTCOMES = ["create", "update", "unchanged", "refused"] as const;
export type Outcome = (typeof OUTCOMES)[number];

export interface ImportColumn {
  key: string;
  header: string;
  required?: boolean;
  hint: string;
  choices?: readonly string[];
}
export type RowProblem = { column: string; message: string };
/** A row of a preview: its sheet row, its name, what importing does with it and why (problems, or the fields it changes). */
export type ImportRow = { row: number; name: string; outcome: Outcome; problems: RowProblem[]; changes?: string[] };

/** The Status column of a record's import: Active or Inactive, Active when empty. */
export const IMPORT_STATUSES = ["Active", "Inactive"] as const;
export const STATUS_COLUMN: ImportColumn = { key: "status", header: "Status", hint: "Active when empty.", choices: IMPORT_STATUSES };
/** A record's status from the Status cell chosen (choiceOf): inactive only when it says so. */
export const statusOfChoice = (choice: string | null | undefined) => (choice === "Inactive" ? "inactive" : "active");

/** The client → area → disease columns every import has (names, as the user holds them). */
export const SCOPE_COLUMNS: readonly ImportColumn[] = [
  { key: "client", header: "Client", required: true, hint: "A client you hold, by its name." },
  { key: "area", header: "Therapeutic Area", required: true, hint: "A therapeutic area of that client that you hold." },
  { key: "disease", header: "Disease", required: true, hint: "A disease of that area that you hold." },
];
