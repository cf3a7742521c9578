// The report engine in real Chromium: the page starts the hashed worker, the worker fetches the demo disease's
// cached sheet from /resources/sheet/{id} itself and hands back report models built from the seeded workbooks.
import { connectDb } from "#db/connection.server";
import { Disease } from "#db/models/disease.server";
import { User } from "#db/models/user.server";

import { installHarness } from "../../scripts/bench/browser";
import { DEMO, expect, test } from "./utils";

interface Column<B> {
  id: string;
  label: string;
  boxes: B[];
}

async function diseaseId(name: string) {
  await connectDb(process.env.E2E_MONGODB_URI);
  const disease = await Disease.findOne({ name }).select("_id").lean();
  if (!disease) throw new Error(`no demo disease ${name}`);
  return String(disease._id);
}

test.describe("report engine in the browser", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "the worker needs JavaScript");

  test("the Alzheimer's phase board and the NSCLC line-of-therapy landscape come from the demo workbooks", async ({ page, signIn }) => {
    await signIn(DEMO.owner);
    await page.goto("/about");
    const workerUrl = await installHarness(page);
    const build = (id: string, type: string) =>
      page.evaluate(([w, s, t]) => window.buildWithEngine(w, s, t), [workerUrl, `/resources/sheet/${id}`, type] as const);

    const board = (await build(await diseaseId("Alzheimer's disease"), "landscape-type-1")) as {
      ok: boolean;
      columns: Column<{ product: string }>[];
    };
    expect(board.ok).toBe(true);
    const column = (product: string) => board.columns.find((c) => c.boxes.some((b) => b.product === product))?.id;
    expect(column("Leqembi (lecanemab)")).toBe("approved");
    expect(board.columns.map((c) => c.id)).toEqual(expect.arrayContaining(["phase-1", "phase-2", "phase-3"]));

    const lot = (await build(await diseaseId("Non-small-cell lung cancer"), "landscape-type-2")) as {
      ok: boolean;
      lotColumns: { lot: string; trials: { trialName: string }[] }[];
    };
    expect(lot.ok).toBe(true);
    const lotOf = (trial: string) => lot.lotColumns.filter((c) => c.trials.some((t) => t.trialName === trial)).map((c) => c.lot);
    expect(lotOf("FLAURA2")).toEqual(["1LM"]);
    expect(lotOf("KEYNOTE-189")).toEqual(["1LM"]);
  });

  test("a disease outside the user's permissions is refused to the worker", async ({ page, signIn }) => {
    await signIn(DEMO.analyst);
    await page.goto("/about");
    const workerUrl = await installHarness(page);
    await connectDb(process.env.E2E_MONGODB_URI);
    const analyst = await User.findOne({ email: DEMO.analyst }).select("permissions").lean();
    const granted = (analyst?.permissions ?? []).flatMap((p) => p.diseases.map(String));
    const foreign = String((await Disease.find().select("_id").lean()).find((d) => !granted.includes(String(d._id)))?._id);
    const result = (await page.evaluate(([w, s]) => window.buildWithEngine(w, s, "landscape-type-1"), [
      workerUrl,
      `/resources/sheet/${foreign}`,
    ] as const)) as {
      ok: boolean;
      failure: string;
      error: string;
    };
    expect(result).toMatchObject({ ok: false, failure: "fetch" });
    expect(result.error).toContain("Something Unexpected happened while getting the sheet data. Please try again.");
  });
});
