import ExcelJS from "exceljs";

import type { DiseaseKey } from "../data/diseases";
import { CONFERENCES } from "../data/events";
import { LEADING_COLUMNS, monthColumns, TRAILING_COLUMNS, type CellInput, type SheetRowSeed } from "./columns";

// Builds a disease's report workbook the way analysts keep it: a "Read me" tab first, then the report tab
// (named like the disease's Sheet Name) with three title rows, a blank row and the header row at row 5 (the
// demo diseases' Headers Range is A5). Dates are real date cells; a formula, a hyperlink and rich text appear
// so the upload path converts every kind of cell.

const HEADER_ROW = 5;

interface WorkbookSpec {
  key: DiseaseKey;
  title: string;
  sheetName: string;
  rows: SheetRowSeed[];
  now: Date;
}

function isDateLike(v: CellInput) {
  return v instanceof Date || (typeof v === "object" && v !== null && "formula" in v && v.result instanceof Date);
}

export async function buildWorkbook(spec: WorkbookSpec): Promise<Buffer> {
  const months = monthColumns(spec.now);
  const header = [...LEADING_COLUMNS, ...months.map((m) => m.header), ...TRAILING_COLUMNS];
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Pharmascope demo seed";
  workbook.created = new Date(Date.UTC(2025, 11, 1));

  const readme = workbook.addWorksheet("Read me");
  readme.addRow([`${spec.title}: competitive landscape`]);
  readme.addRow(["Report data is on the next tab. Keep the header row at row 5; one row per product, segment and trial."]);
  readme.addRow(["Event cells: 'name, type' (type: Conference, Regulatory, Trial, Commercial)."]);

  const sheet = workbook.addWorksheet(spec.sheetName, { views: [{ state: "frozen", ySplit: HEADER_ROW, xSplit: 7 }] });
  const compiled = spec.now.toISOString().slice(0, 10);
  sheet.getCell("A1").value = `${spec.title}: competitive landscape`;
  sheet.getCell("A1").font = { bold: true, size: 16 };
  sheet.getCell("A2").value = "Sources: company disclosures, FDA / EMA / PMDA decisions, ClinicalTrials.gov";
  sheet.getCell("A3").value = `Compiled ${compiled} (demo data)`;
  const headerRow = sheet.getRow(HEADER_ROW);
  header.forEach((name, i) => {
    const cell = headerRow.getCell(i + 1);
    cell.value = name;
    cell.font = { bold: true, color: { argb: "FFFFFFFF" } };
    cell.fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFB22028" } };
  });
  sheet.autoFilter = { from: { row: HEADER_ROW, column: 1 }, to: { row: HEADER_ROW, column: header.length } };

  // The conference row: the calendar's header row of conferences (user-app §4).
  const conferences = CONFERENCES.filter((c) => c.diseases.includes(spec.key));
  const confCells = Object.fromEntries(
    months.map((m) => [
      m.offset,
      conferences
        .filter((c) => c.month === m.month)
        .map((c) => `${c.name} ${m.year}, Conference`)
        .join("\n"),
    ]),
  );
  const last = months[months.length - 1];
  const next = conferences
    .map((c) => ({ c, year: c.month > last.month ? last.year : last.year + 1 }))
    .sort((a, b) => a.year - b.year || a.c.month - b.c.month)[0];
  const rows: SheetRowSeed[] = [
    ...(conferences.length
      ? [
          {
            hml: "HH",
            phase: "",
            product: "Conference",
            moa: "",
            company: "",
            segment: "",
            condition: "",
            events: confCells,
            beyond: next ? `${next.c.name} ${next.year}, Conference` : "",
          },
        ]
      : []),
    ...spec.rows,
  ];

  rows.forEach((r, index) => {
    const nctUrl = r.nct
      ? { text: `https://clinicaltrials.gov/study/${r.nct}`, hyperlink: `https://clinicaltrials.gov/study/${r.nct}` }
      : undefined;
    const values: CellInput[] = [
      r.hml,
      r.isNew ? "Yes" : "",
      "",
      r.nct ?? "",
      nctUrl,
      r.phase,
      r.product,
      r.moa,
      r.company,
      r.segment,
      r.condition,
      r.launch,
      r.launchCountry,
      r.assumptions,
      r.roa,
      r.us,
      r.eu,
      r.japan,
      r.row,
      r.modality,
      ...months.map((m) => r.events?.[m.offset] ?? ""),
      r.beyond,
      r.fn1,
      index === 0 ? `Sources: company disclosures and regulators; compiled ${compiled}` : "",
      r.fn2,
      index === 0 ? "Primary completion dates as registered on ClinicalTrials.gov" : "",
      r.regimen,
      r.trial,
      r.nct,
      r.sponsor,
      r.lot,
      r.cls,
      r.trialPhase,
      r.pcd,
      r.estBio,
      r.expBio,
      r.focus,
      r.recruit,
    ];
    const row = sheet.getRow(HEADER_ROW + 1 + index);
    values.forEach((v, i) => {
      if (v === undefined || v === "") return;
      const cell = row.getCell(i + 1);
      cell.value = v as ExcelJS.CellValue;
      if (isDateLike(v)) cell.numFmt = "dd-mmm-yyyy";
    });
  });
  sheet.columns.forEach((col, i) => (col.width = i < 12 ? 22 : 16));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
