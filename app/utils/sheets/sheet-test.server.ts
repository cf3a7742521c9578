import { REPORT_NAMES, REPORT_TYPE_IDS, type ReportTypeId } from "#common/constants";
import { buildReport } from "#workers/engine";

import { errorMessage } from "./errors.server";
import type { ReadResult } from "./source.server";

// 'Test sheet' on the disease form: reads the chosen source with the settings as typed — the Google Sheet, or a
// workbook (the one chosen in the form, else the disease's uploaded one) — saving and caching nothing, and builds
// each chosen report, so an admin sees missing columns and how many rows each report keeps before saving.

export type SheetTestResult =
  | { ok: false; error: string }
  | {
      ok: true;
      /** Data rows: the rows below the header row. */
      rows: number;
      source: "google" | "upload";
      /** The workbook read (an upload), and its tab (an .xlsx). */
      filename?: string;
      sheetName?: string;
      reports: Array<{ id: ReportTypeId; name: string; missingColumns: string[]; shown: number; invalid: number }>;
    };

export async function testSheet(
  input: { reports: ReportTypeId[]; tm: boolean },
  read: () => Promise<ReadResult>,
  { admin = false, filename }: { admin?: boolean; filename?: string } = {},
): Promise<SheetTestResult> {
  let result: ReadResult;
  try {
    result = await read();
  } catch (error) {
    return { ok: false, error: errorMessage(error, { admin }) };
  }
  const sheet = {
    values: result.rows,
    headerRow: result.headerRow,
    firstColumn: result.firstColumn,
    fetchedAt: new Date().toISOString(),
    source: result.source,
  };
  const types = input.reports.length > 0 ? input.reports : REPORT_TYPE_IDS;
  return {
    ok: true,
    rows: Math.max(0, result.rows.length - 1),
    source: result.source,
    ...(result.source === "upload" && filename ? { filename } : {}),
    ...(result.sheetName ? { sheetName: result.sheetName } : {}),
    reports: types.map((id) => {
      const model = buildReport(id, sheet, { tm: input.tm });
      const name = REPORT_NAMES[id];
      if (!model.ok)
        return {
          id,
          name,
          missingColumns: model.failure === "missing-columns" ? model.missingColumns : [model.error ?? "Could not be built"],
          shown: 0,
          invalid: 0,
        };
      return { id, name, missingColumns: [], shown: model.stats.shownRecords, invalid: model.stats.invalidRecords };
    }),
  };
}
