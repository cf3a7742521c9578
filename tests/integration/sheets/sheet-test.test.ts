// 'Test sheet' on the disease form and a form's workbook upload to the sheet resource: what an admin sees, and that nothing is
// saved by a test. The real googleapis client talks to a fake Sheets v4 API on loopback.
import { describe, expect, test } from "vitest";

import { Disease } from "#db/models/disease.server";
import { COLUMNS } from "#workers/engine/columns";
import * as diseaseEdit from "~/routes/_app+/clients+/$clientId.therapeuticAreas+/$taId.diseases+/$diseaseId.edit";
import * as sheetRoute from "~/routes/resources+/sheet.$diseaseId";
import { getToasts } from "~/utils/toast.server";

import { createUser, sessionCookie } from "../../db-utils";
import { GOOGLE_ERRORS, sheetWorld, useFakeSheetsApi, valuesAnswer } from "./helpers";

const fake = useFakeSheetsApi();

type ActionData = {
  result: unknown;
  sheetTest: {
    ok: boolean;
    error?: string;
    rows?: number;
    reports?: Array<{ id: string; missingColumns: string[]; shown: number }>;
  } | null;
};

async function testSheet(fields: Record<string, string | string[]>) {
  const w = await sheetWorld();
  const top = await createUser({ role: "admin", isTopAdmin: true });
  const body = new FormData();
  const form = {
    name: "Alzheimer's disease",
    sheetId: "1OtherSheetIdForTestsAbCdEfGhIjKlMnOp",
    sheetName: "Typed Tab",
    range: "B3",
    intent: "test-sheet",
    ...fields,
  };
  for (const [key, value] of Object.entries(form)) for (const v of [value].flat()) body.append(key, v);
  const request = new Request("http://x/edit", { method: "POST", headers: { Cookie: await sessionCookie(top._id) }, body });
  const params = { clientId: String(w.alpha._id), taId: String(w.neuro._id), diseaseId: String(w.ad._id) };
  const result = (await diseaseEdit.action({ request, params, context: {} })) as unknown as { data: ActionData };
  return { w, data: result.data };
}

describe("Test sheet", () => {
  test("reads the sheet as typed, lists each report's missing columns, and saves nothing", async () => {
    const header = [
      "H/M/L",
      "Compound phase",
      COLUMNS.product,
      COLUMNS.moa,
      COLUMNS.company,
      COLUMNS.segment,
      COLUMNS.condition,
      COLUMNS.estLaunch,
    ];
    fake.answer = (req) =>
      valuesAnswer(req.range, [header, ["HH", "Phase III", "lecanemab", "Anti-Aβ", "Eisai", "Early AD", "AD", "2027"]]);
    const { w, data } = await testSheet({ reports: ["landscape-type-1", "landscape-type-2"] });
    expect(fake.requests.at(-1)?.spreadsheetId).toBe("1OtherSheetIdForTestsAbCdEfGhIjKlMnOp");
    expect(fake.requests.at(-1)?.range).toBe("'Typed Tab'!B3:ZZ");
    expect(data.sheetTest?.ok).toBe(true);
    expect(data.sheetTest?.rows).toBe(1);
    const [board, lot] = data.sheetTest!.reports!;
    expect(board).toMatchObject({ id: "landscape-type-1", missingColumns: [] });
    expect(board!.shown).toBe(1);
    expect(lot!.id).toBe("landscape-type-2");
    expect(lot!.missingColumns).toContain("LOT");
    // Nothing was saved.
    const stored = await Disease.findById(w.ad._id).lean();
    expect(stored?.sheetName).toBe("AD Landscape");
    expect(stored?.range).toBe("A5");
  });

  test("a sheet that cannot be read says why", async () => {
    fake.answer = () => GOOGLE_ERRORS.notFound;
    const { data } = await testSheet({ reports: ["timeline-chart"] });
    expect(data.sheetTest?.ok).toBe(false);
    expect(data.sheetTest?.error).toMatch(/not found|Sheet ID/i);
  });
});

describe("workbook upload through the sheet resource, from a form", () => {
  async function post(fields: Record<string, string | Blob>) {
    const w = await sheetWorld();
    const admin = await createUser({ role: "admin", isTopAdmin: true });
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.append(key, value as string);
    const request = new Request(`http://x/resources/sheet/${w.ad._id}`, {
      method: "POST",
      headers: { Cookie: await sessionCookie(admin._id) },
      body,
    });
    const response = (await sheetRoute.action({ request, params: { diseaseId: String(w.ad._id) }, context: {} })) as Response;
    const cookie = response.headers.get("Set-Cookie")?.split(";")[0] ?? "";
    const { toasts } = await getToasts(new Request("http://x/", { headers: { Cookie: cookie } }));
    return { w, response, toasts };
  }

  test("a form upload redirects back with the row count; a missing file with the reason", async () => {
    const csv = new File([`${Array(4).fill("").join(",")}\n\n\n\nH/M/L,Product name\nHH,lecanemab\nMedium,donanemab\n`], "ad.csv", {
      type: "text/csv",
    });
    const ok = await post({ intent: "upload", redirectTo: "/clients/x/edit", file: csv });
    expect(ok.response.status).toBe(302);
    expect(ok.response.headers.get("Location")).toBe("/clients/x/edit");
    expect(ok.toasts).toMatchObject([{ type: "success", message: "Workbook uploaded: 2 data rows." }]);

    const missing = await post({ intent: "upload", redirectTo: "https://evil.example/", file: new File([], "") });
    expect(missing.response.headers.get("Location")).toBe("/");
    expect(missing.toasts).toMatchObject([{ type: "error", message: "Choose an .xlsx or .csv file to upload." }]);
  });
});
