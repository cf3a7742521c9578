import { Disease } from "#db/models/disease.server";
import { SheetCache, SheetCacheBody, SheetCacheChunk } from "#db/models/sheet-cache.server";
import { SheetVersion } from "#db/models/sheet-version.server";
import { storeUploadedWorkbook } from "~/utils/sheets/upload.server";

import { DISEASES, type DiseaseKey } from "../data/diseases";
import { ALZHEIMERS_EARLIER_ROWS, ALZHEIMERS_ROWS } from "./alzheimers";
import { buildWorkbook } from "./build";
import type { SheetRowSeed } from "./columns";
import { genericRows } from "./generic";
import { NSCLC_ROWS } from "./nsclc";

// Demo report workbooks: one .xlsx per demo disease, stored as the disease's uploaded source (GridFS) and
// cached, so reports work offline without Google access. Alzheimer's disease and NSCLC have curated sheets;
// the other diseases get sheets derived from the seed's compounds and trials. Alzheimer's disease was read once before,
// five weeks earlier, so its reports have a version to compare with (issue 30).

/** How long before the seed the earlier read of the Alzheimer's sheet was. */
const EARLIER_READ_MS = 35 * 86_400_000;

function rowsFor(key: DiseaseKey): SheetRowSeed[] {
  if (key === "alzheimers") return ALZHEIMERS_ROWS;
  if (key === "nsclc") return NSCLC_ROWS;
  return genericRows(key);
}

export async function seedWorkbooks(now = new Date()) {
  await Promise.all([SheetCache.deleteMany({}), SheetCacheChunk.deleteMany({}), SheetCacheBody.deleteMany({})]);
  const keyByName = new Map(Object.values(DISEASES).map((d) => [d.name, d.key] as const));
  const diseases = await Disease.find().select("name sheetName").sort({ _id: 1 }).lean();
  const built = new Map<DiseaseKey, Promise<Buffer>>();
  let workbooks = 0;
  let rows = 0;
  const queue = diseases.filter((d) => keyByName.has(d.name));
  const worker = async () => {
    for (let d = queue.shift(); d; d = queue.shift()) {
      const key = keyByName.get(d.name)!;
      const seed = DISEASES[key];
      const sheetName = d.sheetName || seed.sheetName;
      if (!built.has(key)) built.set(key, buildWorkbook({ key, title: seed.titlePrefix, sheetName, rows: rowsFor(key), now }));
      if (key === "alzheimers") {
        const earlier = new Date(now.getTime() - EARLIER_READ_MS);
        const data = await buildWorkbook({ key, title: seed.titlePrefix, sheetName, rows: ALZHEIMERS_EARLIER_ROWS, now: earlier });
        await storeUploadedWorkbook({ diseaseId: d._id, filename: `${seed.short} landscape.xlsx`, data });
        await SheetVersion.updateMany({ disease: d._id }, { $set: { readAt: earlier } });
      }
      const status = await storeUploadedWorkbook({
        diseaseId: d._id,
        filename: `${seed.short} landscape.xlsx`,
        data: await built.get(key)!,
      });
      workbooks++;
      rows += status.rowCount;
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return { workbooks, rows };
}
