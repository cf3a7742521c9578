// What changed in a landscape (issue 30), in the browser with JavaScript and without: an admin uploads a disease's
// workbook, and days later a second with a phase move, a launch slip, a compound removed and one added; compared with
// the earlier day, each change is listed and marked on the board and the launch table; the deck opens in LibreOffice
// with its "What changed since" slide; following the disease brings the digest to the outbox.
import { readFileSync } from "node:fs";

import { followSaved } from "#common/messages";
import { connectDb } from "#db/connection.server";
import { Client, Disease, DiseaseFollow, TherapeuticArea } from "#db/models/index.server";
import { SheetVersion } from "#db/models/sheet-version.server";
import { formatDay } from "~/utils/dates";
import { deleteSheetCache } from "~/utils/sheets/store.server";

import { ALZHEIMERS_ROWS } from "../../scripts/seed/workbooks/alzheimers";
import { buildWorkbook } from "../../scripts/seed/workbooks/build";
import { d, type SheetRowSeed } from "../../scripts/seed/workbooks/columns";
import { openInLibreOffice } from "../libreoffice";
import { decodedMail } from "../setup/smtp";
import { actAsE2eServer, latestMailTo } from "./outbox";
import { expect, hydrated, test, toast } from "./utils";

const DAY = 86_400_000;

/** Today's sheet: trontinemab filed with a later launch, Kisunla gone, newumab added. */
const LATER: SheetRowSeed[] = [
  ...ALZHEIMERS_ROWS.filter((r) => r.product !== "Kisunla (donanemab)").map((r) =>
    r.product === "trontinemab" ? { ...r, phase: "Filed", launch: d(2029, 6, 30) } : r,
  ),
  { ...ALZHEIMERS_ROWS.find((r) => r.product === "trontinemab")!, product: "newumab", phase: "Phase II", isNew: true },
];

const workbook = async (rows: SheetRowSeed[]) => ({
  name: "AD landscape.xlsx",
  mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  buffer: await buildWorkbook({ key: "alzheimers", title: "Alzheimer's Disease", sheetName: "AD Landscape", rows, now: new Date() }),
});

test("compared with an earlier day, a landscape's changes are listed, marked on the reports and in the deck, and e-mailed to a follower", async ({
  page,
  baseURL,
  createUser,
  login,
  visit,
  js,
}) => {
  test.setTimeout(120_000);
  await connectDb(process.env.E2E_MONGODB_URI);
  const client = await Client.create({ name: `Changes ${Date.now()} ${js ? "js" : "no-js"}` });
  const area = await TherapeuticArea.create({ name: "Neurology", client: client._id });
  const reports = (["landscape-type-1", "timeline-table"] as const).map((id) => ({ id, name: id }));
  const disease = await Disease.create({
    name: "Alzheimer's disease",
    titlePrefix: "Alzheimer's Disease",
    therapeuticArea: area._id,
    client: client._id,
    sheetName: "AD Landscape",
    range: "A5",
    reports,
  });
  const base = `/clients/${client._id}/therapeuticAreas/${area._id}/diseases/${disease._id}`;
  try {
    const admin = await createUser({ role: "admin", clients: [String(client._id)] });
    await login(admin.email, admin.password);

    // The workbook as uploaded three days ago (its read moved back in time), then today's.
    const upload = async (rows: SheetRowSeed[]) => {
      await visit(`${base}/edit`);
      await page.getByRole("radio", { name: "Uploaded workbook" }).check();
      await page.getByLabel("Workbook (.xlsx or .csv)").setInputFiles(await workbook(rows));
      await page.getByRole("button", { name: "Update" }).click();
      await expect(page).toHaveURL(new RegExp(`/therapeuticAreas/${area._id}/diseases$`));
    };
    await upload(ALZHEIMERS_ROWS);
    const earlier = new Date(Date.now() - 3 * DAY);
    await SheetVersion.updateMany({ disease: disease._id }, { $set: { readAt: earlier } });
    await upload(LATER);
    expect(await SheetVersion.countDocuments({ disease: disease._id })).toBe(2);

    // Compared with two days ago: the panel lists each change; the board marks the moved card and the new one.
    const since = new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10);
    await visit(`${base}/reports?type=landscape-type-1`);
    await hydrated(page, js);
    await page.getByLabel("Compare with").fill(since);
    if (!js) await page.getByRole("button", { name: "Apply" }).click();
    const panel = page.getByRole("region", { name: `What changed since ${formatDay(since)}` });
    // (Kisunla had two cards: approved in early AD, in Phase III in preclinical AD.)
    await expect(panel.getByRole("listitem")).toHaveText([
      "Added: newumab (Roche), Phase II",
      "trontinemab: Phase III → Filed",
      "trontinemab: launch moved from 31/12/2028 to 30/06/2029",
      "Removed: Kisunla (donanemab) (Eli Lilly), Phase III",
      "Removed: Kisunla (donanemab) (Eli Lilly), Approved/Marketed",
    ]);
    if (js) {
      const moved = page.locator('.rb-box.report-changed[data-product="trontinemab"]');
      await expect(moved.locator(".report-change")).toHaveText("Δ from Phase III", { timeout: 20_000 });
      await expect(page.locator('.rb-box.report-added[data-product="newumab"] .report-change')).toHaveText("Δ New");
    } else {
      const table = page.getByRole("table", { name: "Pipeline by phase" });
      await expect(table.getByRole("columnheader").last()).toHaveText(`Changed since ${formatDay(since)}`);
      const row = table.getByRole("row").filter({ hasText: "trontinemab" });
      await expect(row).toContainText("31/12/2028 → 30/06/2029");
      await expect(row).toContainText("trontinemab: Phase III → Filed; trontinemab: launch moved from 31/12/2028 to 30/06/2029");
    }

    // The same with the previous version (the one before today's read): the toolbar's link.
    await page.getByRole("link", { name: "or the previous version" }).click();
    await expect(page).toHaveURL(/compare=previous/);
    await expect(page.getByRole("region", { name: "What changed since the previous version" }).getByRole("listitem")).toHaveCount(5);

    // The launch table shows where the launch was: old → new.
    await page.getByRole("navigation", { name: "Reports" }).getByRole("link", { name: "Launch table" }).click();
    const launch = page.locator("tr").filter({ hasText: "trontinemab" }).first();
    await expect(launch).toContainText("31/12/2028 → 30/06/2029", { timeout: 20_000 });
    if (js) await expect(launch.locator("del.report-was")).toHaveText("31/12/2028");

    // The deck of the board, compared the same way: LibreOffice opens it and finds the "What changed" slide.
    await visit(`${base}/reports?type=landscape-type-1&compare=${since}`);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export as PowerPoint" }).click()]);
    const { deck } = openInLibreOffice({ deck: new Uint8Array(readFileSync((await download.path())!)) });
    const text = deck.xml.replace(/<[^>]+>/g, "");
    expect(text).toContain(`What changed since ${formatDay(since)}`);
    expect(text).toContain("• Removed: Kisunla (donanemab) (Eli Lilly), Approved/Marketed");
    expect(text).toContain("Δ from Phase III");

    // Following the disease: a weekly e-mail; a week on, the digest says what changed and links to the compare view.
    // The page's data come again after the follow is saved, equal: the board drawn stays, not built and drawn anew.
    const board = js ? await page.locator('.report-host[data-ready="true"] .rb-columns').elementHandle({ timeout: 20_000 }) : null;
    const follow = page.getByLabel("E-mail me what changes in Alzheimer's disease");
    await follow.selectOption({ label: "Every week" });
    await page.getByRole("button", { name: "Follow" }).click();
    await expect(toast(page, followSaved("Alzheimer's disease", "every week"))).toBeVisible();
    await expect(follow).toHaveValue("weekly");
    if (board) expect(await board.evaluate((el) => el.isConnected)).toBe(true);
    // Followed (as the test has it) just after the earlier read, so the digest compares that version with today's; the
    // digest names the day of that last sending (a minute later, which can be the next day).
    const lastSent = new Date(earlier.getTime() + 60_000);
    await DiseaseFollow.updateOne({ user: admin.id, disease: disease._id }, { $set: { lastSentAt: lastSent } });
    actAsE2eServer(baseURL);
    const { sendDueFollowDigests } = await import("~/services/follow-digests.server");
    await sendDueFollowDigests(new Date(Date.now() + 7 * DAY));
    const mail = decodedMail(await latestMailTo(admin.email));
    expect(mail).toContain(`Subject: Alzheimer's disease: 9 changes since ${formatDay(lastSent)}`);
    expect(mail).toContain("• trontinemab: Phase III → Filed");
    expect(mail).toContain("• Removed: Kisunla (donanemab) (Eli Lilly), launch 25/09/2025");
    const day = lastSent.toISOString().slice(0, 10);
    expect(mail).toContain(`${baseURL}${base}/reports?type=landscape-type-1&compare=${day}&client=${client._id}`);
  } finally {
    await DiseaseFollow.deleteMany({ disease: disease._id });
    await deleteSheetCache(disease._id);
    await Disease.deleteOne({ _id: disease._id });
    await TherapeuticArea.deleteOne({ _id: area._id });
    await Client.deleteOne({ _id: client._id });
  }
});
