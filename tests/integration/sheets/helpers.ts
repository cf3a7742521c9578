// Shared fixtures for the sheet-source tests: a fake Google Sheets v4 API on loopback, zip builders, and a world of
// clients, areas and diseases with sheet settings (users and sessions: tests/db-utils.ts).
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { setImmediate } from "node:timers/promises";
import zlib from "node:zlib";
import { afterAll, afterEach, beforeAll, test } from "vitest";

import { Client } from "#db/models/client.server";
import { Disease } from "#db/models/disease.server";
import { TherapeuticArea } from "#db/models/therapeutic-area.server";
import type * as reportsRoute from "~/routes/_app+/clients+/$clientId.therapeuticAreas+/$taId.diseases+/$diseaseId.reports";
import { fromJsonText } from "~/utils/json-text";

import { formRequest, settle } from "../../db-utils";

// --- fake Sheets API ------------------------------------------------------------------------------------------

export interface FakeAnswer {
  status: number;
  body: unknown;
}
export interface FakeRequest {
  method: string;
  path: string;
  spreadsheetId: string;
  range: string;
  query: URLSearchParams;
}

/** Google's error JSON (google.rpc.Status as the REST API returns it). */
export function googleErrorBody(code: number, status: string, message: string, reason?: string) {
  return {
    error: {
      code,
      message,
      status,
      ...(reason ? { details: [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason, domain: "googleapis.com" }] } : {}),
    },
  };
}

export const GOOGLE_ERRORS = {
  notFound: { status: 404, body: googleErrorBody(404, "NOT_FOUND", "Requested entity was not found.") },
  notShared: { status: 403, body: googleErrorBody(403, "PERMISSION_DENIED", "The caller does not have permission") },
  badRange: (range: string) => ({ status: 400, body: googleErrorBody(400, "INVALID_ARGUMENT", `Unable to parse range: ${range}`) }),
  badKey: {
    status: 400,
    body: googleErrorBody(400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key.", "API_KEY_INVALID"),
  },
  unavailable: { status: 503, body: googleErrorBody(503, "UNAVAILABLE", "The service is currently unavailable.") },
};

export async function startFakeSheetsApi(answer: (req: FakeRequest) => FakeAnswer) {
  const requests: FakeRequest[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const m = /^\/v4\/spreadsheets\/([^/]+)\/values\/(.+)$/.exec(url.pathname);
    const request: FakeRequest = {
      method: req.method ?? "GET",
      path: url.pathname,
      spreadsheetId: m ? decodeURIComponent(m[1]) : "",
      range: m ? decodeURIComponent(m[2]) : "",
      query: url.searchParams,
    };
    requests.push(request);
    const { status, body } = m ? answer(request) : { status: 404, body: googleErrorBody(404, "NOT_FOUND", "Not found") };
    res.writeHead(status, { "Content-Type": "application/json; charset=UTF-8" });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A successful values.get answer. */
export function valuesAnswer(range: string, values: unknown[][]): FakeAnswer {
  return { status: 200, body: { range, majorDimension: "ROWS", values } };
}

// --- zips -----------------------------------------------------------------------------------------------------

interface ZipEntryInput {
  name: string;
  data: Buffer;
  method: 0 | 8;
  uncompressedSize: number;
  crc: number;
}

/** Assembles a zip from prepared entries (stored or raw-deflated data), with a correct central directory. */
export function assembleZip(entries: ZipEntryInput[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(0, 10);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.uncompressedSize >>> 0, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0, 8);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.uncompressedSize >>> 0, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += local.length + name.length + e.data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** Raw-deflates `megabytes` MB of zeros without holding them in memory; returns the data and its CRC. */
export async function deflatedZeros(megabytes: number) {
  const block = Buffer.alloc(1024 * 1024);
  const deflate = zlib.createDeflateRaw({ level: 9, memLevel: 9, strategy: zlib.constants.Z_RLE }); // RLE: ~10x faster on zeros, same ratio
  const out: Buffer[] = [];
  deflate.on("data", (c: Buffer) => out.push(c));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on("end", resolve);
    deflate.on("error", reject);
  });
  let crc = 0;
  for (let i = 0; i < megabytes; i++) {
    crc = zlib.crc32(block, crc);
    if (!deflate.write(block)) await new Promise((r) => deflate.once("drain", r));
  }
  deflate.end();
  await done;
  return { data: Buffer.concat(out), crc, size: megabytes * 1024 * 1024 };
}

/** Raw-deflates text given in chunks without holding it all; returns a zip entry of it. */
async function deflatedEntry(name: string, chunks: Iterable<string>): Promise<ZipEntryInput> {
  const deflate = zlib.createDeflateRaw({ level: 6 });
  const out: Buffer[] = [];
  deflate.on("data", (c: Buffer) => out.push(c));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on("end", resolve);
    deflate.on("error", reject);
  });
  let crc = 0;
  let size = 0;
  for (const chunk of chunks) {
    const bytes = Buffer.from(chunk);
    crc = zlib.crc32(bytes, crc);
    size += bytes.length;
    if (!deflate.write(bytes)) await new Promise((r) => deflate.once("drain", r));
  }
  deflate.end();
  await done;
  return { name, data: Buffer.concat(out), method: 8, uncompressedSize: size, crc };
}

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const RELATIONSHIPS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/**
 * A workbook of one sheet with a header row and `rows` rows of text, as a minimal package written by hand, the sheet's
 * XML deflated as it is made: huge sheets that compress well come out small (a decompression attack's shape that the
 * zip checks let through — the pen test's 3 MB file held 180 MB of sheet XML).
 */
export async function hugeWorkbook({
  sheetName,
  header,
  rows,
  cell,
}: {
  sheetName: string;
  header: string[];
  rows: number;
  cell: (row: number, column: number) => string;
}) {
  const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const rowXml = (r: number, texts: string[]) =>
    `<row r="${r}">${texts.map((t, i) => `<c r="${String.fromCharCode(65 + i)}${r}" t="inlineStr"><is><t>${escape(t)}</t></is></c>`).join("")}</row>`;
  function* sheet() {
    yield `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${MAIN}"><sheetData>${rowXml(1, header)}`;
    for (let start = 0; start < rows; start += 5_000) {
      const lines: string[] = [];
      for (let r = start; r < Math.min(rows, start + 5_000); r++)
        lines.push(
          rowXml(
            r + 2,
            header.map((_, c) => cell(r, c)),
          ),
        );
      yield lines.join("");
    }
    yield "</sheetData></worksheet>";
  }
  const part = (name: string, xml: string) => deflatedEntry(name, [`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${xml}`]);
  return new Uint8Array(
    assembleZip([
      await part(
        "[Content_Types].xml",
        `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
      ),
      await part(
        "_rels/.rels",
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
      await part(
        "xl/workbook.xml",
        `<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets><sheet name="${escape(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
      await part(
        "xl/_rels/workbook.xml.rels",
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
      await deflatedEntry("xl/worksheets/sheet1.xml", sheet()),
    ]),
  );
}

/**
 * `user`'s POST of a form to an action, ready to send as a browser's upload reaches a server: its bytes are encoded
 * beforehand (the browser's work, not the server's), then arrive in 64 KB chunks, each in a later turn of the event
 * loop. (A Request made from a FormData holds its whole body at once, and reading it then takes one turn however large
 * it is: no upload from a browser arrives so.) Calling the result sends it and gives the action's answer.
 */
export async function arrivingPost(
  route: { action: (args: never) => unknown },
  user: unknown,
  fields: Record<string, string | string[]>,
  params: Record<string, string>,
  files: Record<string, File>,
) {
  const whole = await formRequest(user, fields, files);
  const bytes = new Uint8Array(await whole.arrayBuffer());
  return () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await setImmediate();
        if (sent >= bytes.length) return controller.close();
        controller.enqueue(bytes.subarray(sent, sent + 64 * 1024));
        sent += 64 * 1024;
      },
    });
    const request = new Request(whole.url, { method: "POST", headers: whole.headers, body, duplex: "half" } as RequestInit);
    return settle(Promise.resolve(route.action({ request, params, context: {} } as never)));
  };
}

const firstEngineOnly = test.skipIf(process.env.TEST_ENGINE === "ferretdb");
/**
 * A test that times the app's event loop (longestBlock): it runs on the first engine only. What it measures is the app's
 * own work, which no database changes; its queries are those the smaller tests beside it send to both engines; and on
 * the second engine (scripts/test sets TEST_ENGINE=ferretdb) it only repeated 56 s of bulk writes.
 */
export const timesEventLoop = firstEngineOnly;
/**
 * A test of what LibreOffice reads in an export (tests/libreoffice.ts): on the first engine only, as the files that are
 * nothing else (report-deck, report-excel) are. Its queries are those a test beside it sends to both engines; on the
 * second it only started LibreOffice again, two seconds of CPU a start.
 */
export const opensInLibreOffice = firstEngineOnly;
export { longestBlock } from "../../../scripts/bench/event-loop";

/** The report page's loader data as the page reads it: the server's tables parsed from the JSON text they travel as. */
export function reportPageData(result: unknown) {
  const data = result as Exclude<Awaited<ReturnType<typeof reportsRoute.loader>>, Response>;
  return { ...data, server: data.server ? fromJsonText(data.server) : null };
}

// --- people and diseases --------------------------------------------------------------------------------------

export async function sheetWorld(diseaseFields: Record<string, unknown> = {}) {
  const tag = crypto.randomUUID().slice(0, 8);
  const [alpha, beta, dormant] = await Client.create([
    { name: `Alpha ${tag}` },
    { name: `Beta ${tag}` },
    { name: `Dormant ${tag}`, status: "inactive" },
  ]);
  const [neuro, onco, dormantArea] = await TherapeuticArea.create([
    { name: "Neurology", client: alpha._id },
    { name: "Oncology", client: beta._id },
    { name: "Rare", client: dormant._id },
  ]);
  const [ad, pd, nsclc, sma] = await Disease.create([
    {
      name: "Alzheimer's disease",
      therapeuticArea: neuro._id,
      client: alpha._id,
      sheetId: "1AdSheetIdForTestsAbCdEfGhIjKlMnOpQrStUv",
      sheetName: "AD Landscape",
      range: "A5",
      ...diseaseFields,
    },
    {
      name: "Parkinson's disease",
      therapeuticArea: neuro._id,
      client: alpha._id,
      sheetId: "1PdSheetIdForTestsAbCdEfGhIjKlMnOpQrStUv",
      sheetName: "PD Landscape",
      range: "A5",
    },
    {
      name: "Non-small-cell lung cancer",
      therapeuticArea: onco._id,
      client: beta._id,
      sheetId: "1NsclcSheetIdForTestsAbCdEfGhIjKlMnOpQr",
      sheetName: "NSCLC",
      range: "A5",
    },
    {
      name: "Spinal muscular atrophy",
      therapeuticArea: dormantArea._id,
      client: dormant._id,
      sheetId: "1SmaSheetIdForTestsAbCdEfGhIjKlMnOpQrStU",
      sheetName: "SMA",
      range: "A5",
    },
  ]);
  return { tag, alpha, beta, dormant, neuro, onco, dormantArea, ad, pd, nsclc, sma };
}

/** Sets environment variables for the duration of a test; returns a restore function. */
export function withEnv(vars: Record<string, string | undefined>) {
  const before = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  return () => {
    for (const [k, v] of Object.entries(before)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
}

/**
 * The fake Sheets API for one test file, with googleapis pointed at it through the environment. Tests set
 * `fake.answer` and read `fake.requests` (emptied after each test).
 */
export function useFakeSheetsApi() {
  const fake = { answer: (_req: FakeRequest): FakeAnswer => GOOGLE_ERRORS.notFound, requests: [] as FakeRequest[] };
  let api: Awaited<ReturnType<typeof startFakeSheetsApi>>;
  let restoreEnv: () => void;
  beforeAll(async () => {
    api = await startFakeSheetsApi((req) => fake.answer(req));
    fake.requests = api.requests;
    restoreEnv = withEnv({ GOOGLE_API_KEY: "test-key", GOOGLE_SERVICE_ACCOUNT_JSON: undefined, GOOGLE_SHEETS_ROOT_URL: api.url });
  });
  afterAll(async () => {
    restoreEnv();
    await api.close();
  });
  afterEach(() => {
    api.requests.length = 0;
  });
  return fake;
}
