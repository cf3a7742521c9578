import type { Types } from "mongoose";

import { storeUploadedWorkbook } from "~/utils/sheets/upload.server";

import { ALZHEIMERS_ROWS } from "../scripts/seed/workbooks/alzheimers";
import { buildWorkbook } from "../scripts/seed/workbooks/build";
import type { SheetRowSeed } from "../scripts/seed/workbooks/columns";
import { NSCLC_ROWS } from "../scripts/seed/workbooks/nsclc";

// The demo's workbooks (as the seed builds them) uploaded as a disease's sheet: the export tests read the reports of
// the landscapes a user sees, or of rows derived from them.

const DEMO_SHEETS = {
  alzheimers: { title: "Alzheimer's Disease", sheetName: "AD Landscape", filename: "AD landscape.xlsx", rows: ALZHEIMERS_ROWS },
  nsclc: { title: "NSCLC", sheetName: "NSCLC Landscape", filename: "NSCLC landscape.xlsx", rows: NSCLC_ROWS },
} as const;

/** Uploads the demo workbook `key` (or its layout with `rows` instead of the demo's) as the disease's sheet. */
export async function uploadDemoSheet(diseaseId: Types.ObjectId, key: keyof typeof DEMO_SHEETS, rows?: readonly SheetRowSeed[]) {
  const { title, sheetName, filename, rows: demo } = DEMO_SHEETS[key];
  await storeUploadedWorkbook({
    diseaseId,
    filename,
    data: await buildWorkbook({ key, title, sheetName, rows: [...(rows ?? demo)], now: new Date() }),
  });
}
