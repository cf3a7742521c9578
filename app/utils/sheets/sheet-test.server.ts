import mongoose from "mongoose";
import { buildReport } from "#workers/engine";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { DiseaseSchema, TEST_SHEET_INTENT } from "~/schemas/catalog";
import { REPORT_TYPES, type ReportTypeId } from "~/utils/constants";
import { readSource } from "./cache.server";
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
  const types = input.reports.length > 0 ? input.reports : REPORT_TYPES.map((r) => r.id);
  return {
    ok: true,
    rows: Math.max(0, read.rows.length - 1),
    reports: types.map((id) => {
      const model = buildReport(id, sheet, { tm: input.tm });
      const name = REPORT_TYPES.find((r) => r.id === id)!.name;
      if (!model.ok) return { id, name, missingColumns: model.failure === "missing-columns" ? model.missingColumns : [model.error ?? "Could not be built"], shown: 0, invalid: 0 };
      return { id, name, missingColumns: [], shown: model.stats.shownRecords, invalid: model.stats.invalidRecords };
    }),
  };
}

/**
 * The disease form's submission, shared by the add and edit actions: a `reply` to return at once (field errors, or
 * the Test-sheet report with the form as typed), or the valid `value` to save.
 */
export async function readDiseaseForm(request: Request) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: DiseaseSchema });
  if (submission.status !== "success") return { reply: data({ result: submission.reply(), sheetTest: null }, { status: 400 }) } as const;
  if (formData.get("intent") === TEST_SHEET_INTENT) {
    return { reply: data({ result: submission.reply(), sheetTest: await testSheet(submission.value) }) } as const;
  }
  /** A failed save keeps the form as typed with the spec's message on it. */
  const failed = (message: string) => data({ result: submission.reply({ formErrors: [message] }), sheetTest: null }, { status: 500 });
  return { value: submission.value, failed } as const;
}
