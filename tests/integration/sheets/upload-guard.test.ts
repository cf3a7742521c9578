// Upload guards run before any parser: size, magic bytes, and the zip pre-check on the central directory.
import zlib from "node:zlib";
import ExcelJS from "exceljs";
import { afterEach, beforeAll, describe, expect, test } from "vitest";

import { SheetCache } from "#db/models/sheet-cache.server";
import { SheetSourceError } from "~/utils/sheets/errors.server";
import { guardWorkbook, precheckZip, sniffWorkbook } from "~/utils/sheets/upload-guard.server";
import { storeUploadedWorkbook } from "~/utils/sheets/upload.server";

import { assembleZip, deflatedZeros, sheetWorld, withEnv } from "./helpers";

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SheetSourceError);
  return error as SheetSourceError;
}

let bomb: Buffer;
let bombBuildMs = 0;
let smallXlsx: Buffer;

beforeAll(async () => {
  const started = performance.now();
  // ~720 MB of zeros deflated to ~700 KB: one worksheet entry, declared sizes true.
  const zeros = await deflatedZeros(720);
  bomb = assembleZip([
    { name: "[Content_Types].xml", data: Buffer.from("<Types/>"), method: 0, uncompressedSize: 8, crc: zlib.crc32("<Types/>") },
    { name: "xl/worksheets/sheet1.xml", data: zeros.data, method: 8, uncompressedSize: zeros.size, crc: zeros.crc },
  ]);
  bombBuildMs = performance.now() - started;
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet("AD Landscape").addRow(["H/M/L", "Product name"]);
  smallXlsx = Buffer.from(await wb.xlsx.writeBuffer());
}, 60_000);

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

describe("size and magic bytes", () => {
  test("empty and oversize files are refused", async () => {
    expect((await refusal(guardWorkbook(Buffer.alloc(0), "a.xlsx"))).code).toBe("empty");
    restore = withEnv({ SHEET_UPLOAD_MAX_BYTES: "1000" });
    const error = await refusal(guardWorkbook(Buffer.alloc(1001, 0x41), "big.csv"));
    expect(error).toMatchObject({ code: "too-large", status: 413 });
    expect(error.message).toMatch(/limit/);
  });

  test("the bytes decide, not the name", async () => {
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    expect((await refusal(guardWorkbook(png, "sheet.xlsx"))).code).toBe("wrong-type");
    const xls = Buffer.concat([Buffer.from("d0cf11e0a1b11ae1", "hex"), Buffer.alloc(512)]);
    expect((await refusal(guardWorkbook(xls, "old.xls"))).message).toMatch(/Save it as \.xlsx/);
    expect((await refusal(guardWorkbook(Buffer.from([0x41, 0x00, 0x42]), "data.csv"))).code).toBe("wrong-type");
    expect((await refusal(guardWorkbook(smallXlsx, "renamed.csv"))).code).toBe("wrong-type");
    expect(sniffWorkbook(Buffer.from("a,b\n1,2\n"), "export.txt")).toBe("csv");
    expect(await guardWorkbook(smallXlsx, "fine.xlsx")).toBe("xlsx");
  });
});

describe("zip pre-check", () => {
  test(`a ${"~700 KB"} zip bomb is refused from its directory, without inflating it`, async () => {
    expect(bomb.length).toBeGreaterThan(600_000);
    expect(bomb.length).toBeLessThan(800_000);
    const started = performance.now();
    const error = await refusal(guardWorkbook(bomb, "bomb.xlsx"));
    const ms = performance.now() - started;
    console.info(
      `zip bomb: ${(bomb.length / 1024).toFixed(0)} KB declaring ${(720).toFixed(0)} MB, built in ${bombBuildMs.toFixed(0)} ms, refused in ${ms.toFixed(1)} ms`,
    );
    expect(error.code).toBe("zip-rejected");
    // The directory's declared sizes decide (the time is printed above; speed targets live in `npm run bench`).
    expect(error.message).toMatch(/unpacks to more than 200 MB/);
  });

  test("a ratio above the limit is refused even when the total is small", async () => {
    const zeros = await deflatedZeros(50); // ~50 KB holding 50 MB: about 1000:1
    const zip = assembleZip([{ name: "xl/sharedStrings.xml", data: zeros.data, method: 8, uncompressedSize: zeros.size, crc: zeros.crc }]);
    const error = await refusal(precheckZip(zip, { ...defaults() }));
    expect(error.message).toMatch(/compressed [\d,]+:1 \(at most 200:1\)/);
  });

  test("too many entries", async () => {
    const entries = Array.from({ length: 2_001 }, (_, i) => ({
      name: `xl/media/image${i}.bin`,
      data: Buffer.from("x"),
      method: 0 as const,
      uncompressedSize: 1,
      crc: zlib.crc32("x"),
    }));
    const error = await refusal(guardWorkbook(assembleZip(entries), "many.xlsx"));
    expect(error.message).toMatch(/holds 2,001 files \(at most 2,000\)/);
  });

  test("a zip whose directory understates an entry is caught when the sizes are verified", async () => {
    const zeros = await deflatedZeros(8);
    const zip = assembleZip([{ name: "xl/worksheets/sheet1.xml", data: zeros.data, method: 8, uncompressedSize: 1000, crc: zeros.crc }]);
    const error = await refusal(guardWorkbook(zip, "liar.xlsx"));
    expect(error.message).toMatch(/do not match its directory/);
  });

  test("a damaged zip is refused", async () => {
    const broken = Buffer.concat([Buffer.from("PK\x03\x04"), Buffer.alloc(100, 7)]);
    expect((await refusal(guardWorkbook(broken, "broken.xlsx"))).message).toMatch(/not a readable zip/);
  });

  test("a refused upload leaves the disease's source and cache untouched", async () => {
    const w = await sheetWorld();
    await refusal(storeUploadedWorkbook({ diseaseId: w.ad._id, filename: "bomb.xlsx", data: bomb }));
    expect(await SheetCache.findOne({ disease: w.ad._id }).lean()).toBeNull();
  });
});

function defaults() {
  return {
    GOOGLE_SHEETS_TIMEOUT_MS: 15_000,
    SHEET_UPLOAD_MAX_BYTES: 20 * 1024 * 1024,
    SHEET_ZIP_MAX_ENTRIES: 2_000,
    SHEET_ZIP_MAX_UNPACKED_BYTES: 200 * 1024 * 1024,
    SHEET_ZIP_MAX_RATIO: 200,
    SHEET_MAX_ROWS: 200_000,
    SHEET_CACHE_CHUNK_ROWS: 2_000,
  };
}
