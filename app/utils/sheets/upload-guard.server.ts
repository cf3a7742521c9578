import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import yauzl from "yauzl";

import { sheetConfig, type SheetConfig } from "../env.server";
import { SheetSourceError } from "./errors.server";

// Checks an uploaded workbook BEFORE anything parses it (practices: uploads):
//  1. size: not empty, at most SHEET_UPLOAD_MAX_BYTES;
//  2. magic bytes decide the kind, not the file name: "PK\x03\x04" is an .xlsx (a zip); text without NUL bytes
//     is a .csv; an old binary .xls (OLE2) or anything else is refused;
//  3. for .xlsx, a zip pre-check that reads only the central directory (yauzl, nothing inflated): number of
//     entries, total declared unpacked size, and each entry's compression ratio. A zip bomb is refused here in
//     milliseconds;
//  4. then every entry is inflated once into a counter (no memory kept): yauzl stops an entry as soon as it
//     inflates to more than its declared size, so a zip that lies in its directory cannot get past (3). The
//     cost is bounded by the declared total that (3) accepted.

export type WorkbookKind = "xlsx" | "csv";

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** A console import (compounds, keywords: admin-console §5, §7) is a list of names, far smaller than a disease workbook. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

function mb(bytes: number) {
  return `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;
}

/** Size and magic bytes; returns the kind of workbook. */
export function sniffWorkbook(data: Buffer, filename: string, config: SheetConfig = sheetConfig()): WorkbookKind {
  if (data.length === 0) throw new SheetSourceError("empty", `The file "${filename}" is empty.`);
  if (data.length > config.SHEET_UPLOAD_MAX_BYTES) {
    throw new SheetSourceError(
      "too-large",
      `The file "${filename}" is ${mb(data.length)}; the limit is ${mb(config.SHEET_UPLOAD_MAX_BYTES)}.`,
    );
  }
  const extension = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase() ?? "";
  if (data.subarray(0, 4).equals(ZIP_MAGIC)) {
    if (extension === "csv") throw new SheetSourceError("wrong-type", `"${filename}" is named .csv but is a zip file. Upload it as .xlsx.`);
    return "xlsx";
  }
  if (data.subarray(0, 8).equals(OLE2_MAGIC)) {
    throw new SheetSourceError(
      "wrong-type",
      `"${filename}" is an old Excel 97–2003 (.xls) file. Save it as .xlsx (Excel Workbook) and upload again.`,
    );
  }
  if (extension === "xlsx" || extension === "xlsm") {
    throw new SheetSourceError(
      "wrong-type",
      `"${filename}" is not a valid .xlsx file (it does not start like one). Save it again from Excel as .xlsx.`,
    );
  }
  // Text: no NUL byte in the first 64 KB (UTF-16 files and binaries have them).
  if (data.subarray(0, 65_536).includes(0)) {
    throw new SheetSourceError("wrong-type", `"${filename}" is neither an .xlsx workbook nor a UTF-8 .csv text file.`);
  }
  return "csv";
}

/** Walks the entries of a lazyEntries zip one at a time, awaiting `visit` for each. */
export function forEachEntry(zip: yauzl.ZipFile, visit: (entry: yauzl.Entry) => Promise<void> | void): Promise<void> {
  return new Promise((resolve, reject) => {
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      zip.removeAllListeners("entry");
      reject(error);
    };
    zip.on("entry", (entry: yauzl.Entry) => {
      Promise.resolve()
        .then(() => visit(entry))
        .then(() => zip.readEntry(), fail);
    });
    zip.once("end", () => {
      if (!failed) resolve();
    });
    zip.once("error", fail);
    zip.readEntry();
  });
}

/** The central-directory check (step 3). Reads the directory only; returns the entry count and declared size. */
export async function precheckZip(data: Buffer, config: SheetConfig = sheetConfig()) {
  const refuse = (why: string) =>
    new SheetSourceError("zip-rejected", `The workbook was refused before reading it: ${why}. Save it again from Excel as a normal .xlsx.`);
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(data, { lazyEntries: true, decodeStrings: true, validateEntrySizes: true, strictFileNames: false });
  } catch (error) {
    throw refuse(`it is not a readable zip (${(error as Error).message})`);
  }
  if (zip.entryCount > config.SHEET_ZIP_MAX_ENTRIES) {
    zip.close();
    throw refuse(
      `it holds ${zip.entryCount.toLocaleString("en-US")} files (at most ${config.SHEET_ZIP_MAX_ENTRIES.toLocaleString("en-US")})`,
    );
  }
  let total = 0;
  let entries = 0;
  try {
    await forEachEntry(zip, (entry) => {
      entries++;
      total += entry.uncompressedSize;
      if (total > config.SHEET_ZIP_MAX_UNPACKED_BYTES) {
        throw refuse(`it unpacks to more than ${mb(config.SHEET_ZIP_MAX_UNPACKED_BYTES)}`);
      }
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      // Tiny entries may have any ratio (a 0-byte deflate stream is 2 bytes); only sizeable ones are judged.
      if (entry.uncompressedSize > 1024 * 1024 && ratio > config.SHEET_ZIP_MAX_RATIO) {
        throw refuse(
          `"${entry.fileName}" is compressed ${Math.round(ratio).toLocaleString("en-US")}:1 (at most ${config.SHEET_ZIP_MAX_RATIO}:1)`,
        );
      }
    });
  } catch (error) {
    if (error instanceof SheetSourceError) throw error;
    throw refuse(`its directory is damaged (${(error as Error).message})`);
  } finally {
    zip.close();
  }
  return { entries, unpackedBytes: total };
}

/** Step 4: inflates every entry into a byte counter; fails on any entry larger than it declared. */
async function verifyZipSizes(data: Buffer): Promise<number> {
  const zip = await yauzl.fromBufferPromise(data, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false });
  let inflated = 0;
  try {
    await forEachEntry(zip, async (entry) => {
      if (entry.fileName.endsWith("/")) return;
      const stream = await zip.openReadStreamPromise(entry);
      await pipeline(
        stream,
        new Writable({
          write(chunk: Buffer, _enc, done) {
            inflated += chunk.length;
            done();
          },
        }),
      );
    });
  } catch (error) {
    throw new SheetSourceError(
      "zip-rejected",
      `The workbook was refused: its contents do not match its directory (${(error as Error).message}).`,
    );
  } finally {
    zip.close();
  }
  return inflated;
}

/** All checks that run before a parser sees the bytes. */
export async function guardWorkbook(data: Buffer, filename: string, config: SheetConfig = sheetConfig()): Promise<WorkbookKind> {
  const kind = sniffWorkbook(data, filename, config);
  if (kind === "xlsx") {
    await precheckZip(data, config);
    await verifyZipSizes(data);
  }
  return kind;
}
