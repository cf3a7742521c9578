import { connectDb } from "#db/connection.server";
import { Disease } from "#db/models/index.server";
import { DEMO, test } from "./utils";
test("shots", async ({ page, signIn, visit, js }) => {
  test.skip(!js);
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 1000 });
  await connectDb(process.env.E2E_MONGODB_URI);
  const d = await Disease.findOne({ name: "Alzheimer's disease" }).lean();
  await signIn(DEMO.owner);
  for (const type of ["landscape-type-1", "timeline-chart", "event-calendar", "landscape-type-3", "events-2", "list", "timeline-table"]) {
    await visit(`/clients/${d!.client}/therapeuticAreas/${d!.therapeuticArea}/diseases/${d!._id}/reports?type=${type}${type === "landscape-type-1" ? "&tm=true" : ""}`);
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `/tmp/shot-${type}.png`, fullPage: false });
  }
  const n = await Disease.findOne({ name: "Non-small-cell lung cancer" }).lean();
  await visit(`/clients/${n!.client}/therapeuticAreas/${n!.therapeuticArea}/diseases/${n!._id}/reports?type=landscape-type-2`);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/shot-landscape-type-2.png` });
});
