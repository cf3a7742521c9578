// /resources/sheet/:diseaseId: every role against own, foreign, inactive-client and unknown diseases.
import { brotliDecompressSync } from "node:zlib";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, test } from "vitest";

import { SHEET_LOAD_FAILED } from "#common/messages";
import { SheetCache, SheetCacheBody } from "#db/models/sheet-cache.server";
import { action, loader } from "~/routes/resources+/sheet.$diseaseId";
import { storeSheetCopy } from "~/utils/sheets/store.server";

import { createUser, sessionCookie } from "../../db-utils";
import { sheetWorld, withEnv } from "./helpers";

type World = Awaited<ReturnType<typeof sheetWorld>>;
let w: World;
const cookies: Record<string, string> = {};

async function call(kind: "GET" | "POST", who: string | null, diseaseId: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (who) headers.set("Cookie", cookies[who]);
  const request = new Request(`http://x/resources/sheet/${diseaseId}`, { ...init, method: kind, headers });
  const run = kind === "GET" ? loader : action;
  return run({ request, params: { diseaseId }, context: {} }).catch((e: unknown) => {
    if (e instanceof Response) return e;
    throw e;
  });
}

beforeAll(async () => {
  w = await sheetWorld();
  // PD has no copy and no reachable source (no credentials): 502.
  await storeSheetCopy(w.ad._id, {
    values: [
      ["H/M/L", "Product name"],
      ["HH", "lecanemab"],
    ],
    headerRow: 5,
    firstColumn: 1,
    source: "google",
  });
  await storeSheetCopy(w.sma._id, { values: [["H/M/L"]], headerRow: 5, firstColumn: 1, source: "google" });
  const users = {
    external: await createUser({
      role: "external",
      permissions: [{ client: w.alpha._id, therapeuticArea: w.neuro._id, diseases: [w.ad._id, w.pd._id] }],
    }),
    areaOnly: await createUser({ role: "external", permissions: [{ client: w.alpha._id, therapeuticArea: w.neuro._id, diseases: [] }] }),
    dormantUser: await createUser({
      role: "external",
      permissions: [{ client: w.dormant._id, therapeuticArea: w.dormantArea._id, diseases: [w.sma._id] }],
    }),
    admin: await createUser({ role: "admin", permissions: [{ client: w.alpha._id, therapeuticArea: w.neuro._id, diseases: [w.ad._id] }] }),
    editor: await createUser({
      role: "editor",
      permissions: [{ client: w.alpha._id, therapeuticArea: w.neuro._id, diseases: [w.ad._id] }],
    }),
    top: await createUser({ role: "admin", isTopAdmin: true }),
  };
  for (const [name, user] of Object.entries(users)) cookies[name] = await sessionCookie(user._id);
});

describe("GET status matrix", () => {
  test("anonymous: 401 JSON, no redirect", async () => {
    const res = await call("GET", null, String(w.ad._id));
    expect(res.status).toBe(401);
    expect(res.headers.get("Location")).toBeNull();
    expect(await res.json()).toEqual({ error: expect.any(String) });
  });

  test.each([
    ["external", "nsclc", 403], // foreign client
    ["areaOnly", "ad", 403], // area granted, disease not
    ["dormantUser", "sma", 403], // inactive client
    ["admin", "pd", 403], // admins too need the disease in their list
    ["top", "sma", 403], // top admin: only active clients
    ["external", "not-an-id", 404],
    ["external", "000000000000000000000000", 404],
    ["external", '{"$gt":""}', 404],
  ] as const)("%s → %s: %s", async (who, disease, status) => {
    const id = disease in w ? String((w as unknown as Record<string, { _id: unknown }>)[disease]._id) : disease;
    const res = await call("GET", who, id);
    expect(res.status).toBe(status);
    expect(JSON.stringify(await res.json())).not.toContain("lecanemab");
  });

  test("permitted: 200 with the sheet, private no-cache, ETag; 304 on If-None-Match", async () => {
    for (const who of ["external", "admin", "editor", "top"]) {
      const res = await call("GET", who, String(w.ad._id));
      expect(res.status).toBe(200);
      expect(res.headers.get("Cache-Control")).toBe("private, no-cache");
      const body = (await res.json()) as { sheet: { values: unknown[][]; headerRow: number; source: string; fetchedAt: string } };
      expect(body.sheet).toMatchObject({
        values: [
          ["H/M/L", "Product name"],
          ["HH", "lecanemab"],
        ],
        headerRow: 5,
        firstColumn: 1,
        source: "google",
      });
      const etag = res.headers.get("ETag")!;
      expect(etag).toMatch(/^W\/".+"$/);
      const again = await call("GET", who, String(w.ad._id), { headers: { "If-None-Match": etag } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe("");
      expect(again.headers.get("ETag")).toBe(etag);
    }
  });

  test("a new copy changes the ETag", async () => {
    const first = (await call("GET", "external", String(w.ad._id))).headers.get("ETag")!;
    await storeSheetCopy(w.ad._id, {
      values: [
        ["H/M/L", "Product name"],
        ["HH", "lecanemab"],
        ["HH", "donanemab"],
      ],
      headerRow: 5,
      firstColumn: 1,
      source: "google",
    });
    const res = await call("GET", "external", String(w.ad._id), { headers: { "If-None-Match": first } });
    expect(res.status).toBe(200);
    expect(res.headers.get("ETag")).not.toBe(first);
  });

  test("a browser that accepts brotli gets today's copy as it was compressed when stored: the same JSON", async () => {
    const json = async (res: Response) =>
      res.headers.get("Content-Encoding") === "br"
        ? (JSON.parse(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString("utf8")) as unknown)
        : ((await res.json()) as unknown);
    const get = (acceptEncoding?: string) =>
      call("GET", "external", String(w.ad._id), acceptEncoding ? { headers: { "Accept-Encoding": acceptEncoding } } : {});
    const rows = (n: number) => [["H/M/L", "Product name"], ...Array.from({ length: n }, (_, i) => ["HH", `product ${i}`])];
    // A copy held in its header, and one of three chunks.
    for (const [values, chunkRows] of [
      [rows(3), "2000"],
      [rows(5), "2"],
    ] as const) {
      const restore = withEnv({ SHEET_CACHE_CHUNK_ROWS: chunkRows });
      try {
        await storeSheetCopy(w.ad._id, { values: values.map((row) => [...row]), headerRow: 5, firstColumn: 1, source: "upload" });
      } finally {
        restore();
      }
      const plain = await get();
      expect(plain.headers.get("Content-Encoding")).toBeNull();
      const expected = await json(plain);
      expect(expected).toMatchObject({ sheet: { values, headerRow: 5, firstColumn: 1, source: "upload" } });

      const compressed = await get("gzip, deflate, br, zstd");
      expect(compressed.headers.get("Content-Encoding")).toBe("br");
      expect(compressed.headers.get("Vary")).toBe("Cookie, Accept-Encoding");
      expect(compressed.headers.get("ETag")).toBe(plain.headers.get("ETag"));
      expect(await json(compressed)).toEqual(expected);
      // Refused by its q-value: compressed per request as before (by the compression middleware, not here).
      expect((await get("gzip, br;q=0")).headers.get("Content-Encoding")).toBeNull();
      // Each copy keeps one body: the replaced copy's went with it.
      expect(await SheetCacheBody.countDocuments({ disease: w.ad._id })).toBe(1);
    }

    // A copy stored before bodies were (or whose body was too large for a document) is still served, uncompressed here.
    await SheetCache.updateOne({ disease: w.ad._id }, { $unset: { compressedBody: 1 } });
    const older = await get("br");
    expect(older.headers.get("Content-Encoding")).toBeNull();
    expect(await json(older)).toMatchObject({ sheet: { values: rows(5) } });
  });

  test("no usable copy: 502 with the spec's message", async () => {
    const restore = withEnv({ GOOGLE_API_KEY: undefined, GOOGLE_SERVICE_ACCOUNT_JSON: undefined });
    try {
      const res = await call("GET", "external", String(w.pd._id));
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({ error: SHEET_LOAD_FAILED });
    } finally {
      restore();
    }
  });
});

describe("POST (admin only)", () => {
  const form = (fields: Record<string, string>) => ({
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });

  test("anonymous 401, non-admins 403, foreign disease 403", async () => {
    expect((await call("POST", null, String(w.ad._id), form({ intent: "refresh" }))).status).toBe(401);
    expect((await call("POST", "external", String(w.ad._id), form({ intent: "refresh" }))).status).toBe(403);
    expect((await call("POST", "editor", String(w.ad._id), form({ intent: "refresh", role: "admin" }))).status).toBe(403);
    expect((await call("POST", "admin", String(w.nsclc._id), form({ intent: "refresh" }))).status).toBe(403);
  });

  test("refresh reports the source's error to the admin; status; unknown intent", async () => {
    const restore = withEnv({ GOOGLE_API_KEY: undefined, GOOGLE_SERVICE_ACCOUNT_JSON: undefined });
    try {
      const res = await call("POST", "admin", String(w.ad._id), form({ intent: "refresh" }));
      expect(res.status).toBe(502);
      const body = (await res.json()) as { ok: boolean; code: string; error: string; status: { hasCopy: boolean } };
      expect(body).toMatchObject({ ok: false, code: "not-configured", status: { hasCopy: true } });
    } finally {
      restore();
    }
    const status = await call("POST", "top", String(w.ad._id), form({ intent: "status" }));
    expect(await status.json()).toMatchObject({ ok: true, status: { hasCopy: true, lastError: { code: "not-configured" } } });
    expect((await call("POST", "admin", String(w.ad._id), form({ intent: "drop" }))).status).toBe(400);
  });

  test("upload: a workbook becomes the source; a bad file is refused with its reason", async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("AD Landscape");
    ws.getCell("A5").value = "H/M/L";
    ws.getCell("B5").value = "Product name";
    ws.getCell("A6").value = "HH";
    ws.getCell("B6").value = "trontinemab";
    const data = new FormData();
    data.set("intent", "upload");
    data.set("file", new File([new Uint8Array(await wb.xlsx.writeBuffer())], "AD.xlsx", { type: "application/octet-stream" }));
    const res = await call("POST", "admin", String(w.ad._id), { body: data });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, status: { source: "upload", rowCount: 1, upload: { filename: "AD.xlsx" } } }); // one data row below the header
    const get = (await (await call("GET", "external", String(w.ad._id))).json()) as { sheet: { values: unknown[][]; source: string } };
    expect(get.sheet).toMatchObject({
      source: "upload",
      values: [
        ["H/M/L", "Product name"],
        ["HH", "trontinemab"],
      ],
    });

    const bad = new FormData();
    bad.set("intent", "upload");
    bad.set("file", new File([Buffer.from("89504e470d0a1a0a", "hex")], "AD.xlsx"));
    const refused = await call("POST", "admin", String(w.ad._id), { body: bad });
    expect(refused.status).toBe(415);
    expect(await refused.json()).toMatchObject({ ok: false, code: "wrong-type" });

    const restore = withEnv({ SHEET_UPLOAD_MAX_BYTES: "100" });
    try {
      const big = new FormData();
      big.set("intent", "upload");
      big.set("file", new File([Buffer.alloc(5_000, 0x41)], "AD.csv"));
      expect((await call("POST", "admin", String(w.ad._id), { body: big })).status).toBe(413);
    } finally {
      restore();
    }
  });
});
