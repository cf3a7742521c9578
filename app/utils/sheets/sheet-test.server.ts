import mongoose from "mongoose";
import { buildReport } from "#workers/engine";
import { REPORT_NAMES, REPORT_TYPE_IDS, type ReportTypeId } from "#common/constants";
import { readSource } from "./source.server";
import { errorMessage } from "./errors.server";

// 'Test sheet' on the disease form: reads the sheet with the settings as typed (nothing is saved or cached) and
// builds each chosen report, so an admin sees missing columns and how many rows each report keeps before saving.

export type SheetTestResult =
  | { ok: false; error: string }
  | {
      ok: true;
      rows: number;
      reports: Array<{ id: ReportTypeId; name: string; missingColumns: string[]; shown: number; invalid: number }>;
    };

export async function testSheet(input: { sheetId: string; sheetName: string; range: string; reports: ReportTypeId[]; tm: boolean }): Promise<SheetTestResult> {
  let read;
  try {
    read = await readSource({ _id: new mongoose.Types.ObjectId(), ...input }, null);
  } catch (error) {
    return { ok: false, error: errorMessage(error) };
  }
  const sheet = { values: read.rows, headerRow: read.headerRow, firstColumn: read.firstColumn, fetchedAt: new Date().toISOString(), source: read.source };
  const types = input.reports.length > 0 ? input.reports : REPORT_TYPE_IDS;
  return {
    ok: true,
    rows: Math.max(0, read.rows.length - 1),
    reports: types.map((id) => {
      const model = buildReport(id, sheet, { tm: input.tm });
      const name = REPORT_NAMES[id];
      if (!model.ok) return { id, name, missingColumns: model.failure === "missing-columns" ? model.missingColumns : [model.error ?? "Could not be built"], shown: 0, invalid: 0 };
      return { id, name, missingColumns: [], shown: model.stats.shownRecords, invalid: model.stats.invalidRecords };
    }),
  };
}
