import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { JSDOM } from "jsdom";
import JSZip from "jszip";

import { parseCsv } from "~/utils/sheets/csv.server";

// PowerPoint exports as LibreOffice reads them (Debian's Impress, headless; scripts/env.sh installs it): converted to
// flat ODF (the slides' text and links as XML) and to PDF (rendered, one page a slide). One LibreOffice run converts
// every deck given, since each start costs seconds. Excel workbooks as Calc reads them: each worksheet as CSV.

export interface OpenedDeck {
  slides: number;
  pdfPages: number;
  xml: string;
}

export function openInLibreOffice<K extends string>(decks: Record<K, Uint8Array>): Record<K, OpenedDeck> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "pharmascope-deck-"));
  try {
    const names = Object.keys(decks) as K[];
    const files = names.map((name, i) => {
      const file = path.join(dir, `deck-${i}.pptx`);
      writeFileSync(file, decks[name]);
      return file;
    });
    for (const format of ["fodp", "pdf"]) {
      execFileSync(
        "soffice",
        [`-env:UserInstallation=file://${dir}/profile`, "--headless", "--convert-to", format, "--outdir", dir, ...files],
        { stdio: "ignore", timeout: 240_000 },
      );
    }
    return Object.fromEntries(
      names.map((name, i) => {
        const xml = readFileSync(path.join(dir, `deck-${i}.fodp`), "utf8");
        const pdf = readFileSync(path.join(dir, `deck-${i}.pdf`), "latin1");
        return [
          name,
          { slides: xml.match(/<draw:page /g)?.length ?? 0, pdfPages: pdf.match(/\/Type\s*\/Page(?![s\w])/g)?.length ?? 0, xml },
        ];
      }),
    ) as Record<K, OpenedDeck>;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * An Excel workbook as LibreOffice Calc reads it: each worksheet converted to CSV (UTF-8, cells as Calc shows them, so
 * a date reads DD/MM/YYYY as formatted), parsed into rows, by worksheet name in order.
 */
export function workbookInLibreOffice(workbook: Uint8Array, sheetNames: readonly string[]): Record<string, string[][]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "pharmascope-xlsx-"));
  try {
    const file = path.join(dir, "book.xlsx");
    writeFileSync(file, workbook);
    // Field and text separators , and ", UTF-8, from line 1, …, "as shown", …, and the last token: every sheet to its
    // own file, book-<sheet name>.csv.
    const filter = "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true,false,false,-1";
    execFileSync("soffice", [`-env:UserInstallation=file://${dir}/profile`, "--headless", "--convert-to", filter, "--outdir", dir, file], {
      stdio: "ignore",
      timeout: 240_000,
    });
    return Object.fromEntries(sheetNames.map((name) => [name, parseCsv(readFileSync(path.join(dir, `book-${name}.csv`), "utf8"), ",")]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The XML parts of an Office file (a deck) that a strict XML 1.0 parser refuses, with the parser's complaint: PowerPoint
 * refuses a file with any. (jsdom's parser is strict about characters XML forbids; fast-xml-parser's validator is not.)
 */
export async function malformedXmlParts(file: Uint8Array): Promise<string[]> {
  const zip = await JSZip.loadAsync(file);
  const parser = new new JSDOM("").window.DOMParser();
  const problems: string[] = [];
  for (const [name, entry] of Object.entries(zip.files)) {
    if (entry.dir || !/\.(xml|rels)$/.test(name)) continue;
    const error = parser.parseFromString(await entry.async("string"), "application/xml").getElementsByTagName("parsererror")[0];
    if (error) problems.push(`${name}: ${error.textContent}`);
  }
  return problems;
}
