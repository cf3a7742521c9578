import { deflateRawSync } from "node:zlib";
import { expect, test, vi } from "vitest";

import { EXPORT_BUSY, EXPORT_FAILED, SHEET_LOAD_FAILED } from "#common/messages";
import { buildReport } from "#workers/engine";
import { produce, type ModelJob, type ModelWant } from "~/reports/outputs.server";
import { buildDeck, buildInWorker, DECK_QUEUE_LIMIT, DECK_WORKERS, stopDeckWorkers, type NewsDeckJob } from "~/services/deck-pool.server";
import { sheetOfParts } from "~/utils/sheets/parts.server";

import { generateSheet } from "../../scripts/bench/generate";

// The deck workers (docs/decisions/020): decks come back as .pptx bytes and a large sheet's report as what the server
// makes of it; a job that fails, or whose worker dies, answers the export's error message instead of hanging, and the
// next job still gets its deck; a full queue refuses at once.

const newsJob = (count: number): NewsDeckJob => ({
  deck: "news",
  items: Array.from({ length: count }, (_, i) => ({
    title: `Readout ${i}`,
    publishedAt: "2026-03-02T00:00:00.000Z",
    summary: "The readout in words. ".repeat(20),
    priority: "High",
    categories: ["Trial Results"],
    companies: ["Eisai"],
    compounds: [],
    sources: [{ name: "Press", link: "https://example.com/press" }],
  })),
  info: { client: "Alpha", range: "01/03/2026 – 31/03/2026", filters: [] },
});
/** A sheet as the database stores it: chunks of 2,000 rows, each raw-deflated JSON. */
function stored(sheet: ReturnType<typeof generateSheet>): Pick<ModelJob, "sheet"> {
  const { values, ...facts } = sheet;
  const parts = [];
  for (let i = 0; i < values.length; i += 2_000) parts.push(new Uint8Array(deflateRawSync(JSON.stringify(values.slice(i, i + 2_000)))));
  return { sheet: { ...facts, parts, rowCount: values.length } };
}

/** What the pool logged for operators, taken (the test setup fails a test that leaves a console.error behind). */
function takeLogged() {
  const logged = vi.mocked(console.error).mock.calls.map((call) => call.join(" "));
  vi.mocked(console.error).mockClear();
  return logged;
}
const slides = (bytes: Uint8Array) =>
  new Set(
    Buffer.from(bytes)
      .toString("latin1")
      .match(/ppt\/slides\/slide\d+\.xml/g),
  ).size;

test("a deck comes back as .pptx bytes; a job the deck code fails on answers the export's error, and the worker goes on", async () => {
  const deck = await buildDeck(newsJob(3));
  if (!deck.ok) throw new Error(deck.message);
  expect(Buffer.from(deck.bytes.subarray(0, 2)).toString()).toBe("PK");
  expect(slides(deck.bytes)).toBe(1 + 1 + 3);
  // Bytes that are not a stored chunk: the sheet's failure, as the page says it.
  const sheet = stored(generateSheet(10));
  const job: ModelJob = {
    ...sheet,
    type: "timeline-table",
    options: {},
    want: { as: "workbook", info: { title: "T", exportedAt: new Date() } },
  };
  expect(await buildInWorker({ ...job, sheet: { ...sheet.sheet, parts: [new Uint8Array([1, 2, 3])] } })).toEqual({
    ok: false,
    failure: "fetch",
    missingColumns: [],
    message: SHEET_LOAD_FAILED,
  });
  // A file the code fails to make (a deck whose cover has no options): the worker's job throws, the export's error answers.
  const cover = { title: "T", disease: "D", client: "C", source: "S", readAt: null, exportedAt: new Date(), footnotes: true, fontSize: 12 };
  expect(await buildInWorker({ ...job, want: { as: "deck", info: { ...cover, options: null } } } as unknown as ModelJob)).toBe("failed");
  expect(takeLogged()).toEqual([expect.stringMatching(/^report deck not built: Error: The worker's job failed: TypeError/)]);
  const after = await buildDeck(newsJob(1));
  expect(after.ok && slides(after.bytes)).toBe(3);
}, 60_000);

test("a worker that dies fails its job (no request hangs), and the next job gets a fresh worker", async () => {
  const running = buildDeck(newsJob(200));
  await stopDeckWorkers();
  expect(await running).toEqual({ ok: false, message: EXPORT_FAILED });
  expect(takeLogged()).toEqual(["news deck not built: Error: The deck worker stopped (exit code 1) before its job was done"]);
  const next = await buildDeck(newsJob(2));
  expect(next.ok && slides(next.bytes)).toBe(4);
}, 60_000);

test("jobs beyond the workers and the queue are refused at once; the others are all built", async () => {
  const results = await Promise.all(Array.from({ length: DECK_WORKERS + DECK_QUEUE_LIMIT + 3 }, () => buildDeck(newsJob(1))));
  expect(results.slice(-3)).toEqual([1, 2, 3].map(() => ({ ok: false, message: EXPORT_BUSY })));
  expect(results.slice(0, -3).every((r) => r.ok)).toBe(true);
}, 60_000);

test("a large sheet's report is made in a worker as it is made here: the page's tables, the API's JSON, a deck asking for its logos", async () => {
  const sheet = stored(generateSheet(6_000));
  expect(sheet.sheet.parts).toHaveLength(4); // the header and 6,000 rows
  expect(sheetOfParts(sheet.sheet).values).toEqual(generateSheet(6_000).values);
  const job = <W extends ModelWant>(type: ModelJob["type"], want: W): ModelJob<W> => ({
    ...sheet,
    type,
    options: { now: new Date("2026-01-15") },
    want,
  });
  const asked: string[][] = [];
  const logos = async (companies: string[]) => {
    asked.push(companies);
    return {};
  };

  const page = job("timeline-table", { as: "page", search: "page=3", withInvalid: true });
  const [there, here] = [await buildInWorker(page), await produce(page, logos)];
  expect(there).toEqual(here);
  if (there === "busy" || there === "failed" || !there.ok) throw new Error("no page");
  expect(there.value.tables[0]!.page.page).toBe(3);
  expect(there.value.tables[0]!.rows).toHaveLength(100);

  const json = await buildInWorker(job("landscape-type-1", { as: "json", wrap: { name: "Pipeline" } }));
  if (json === "busy" || json === "failed" || !json.ok) throw new Error("no JSON");
  const model = buildReport("landscape-type-1", sheetOfParts(sheet.sheet), { now: new Date("2026-01-15") });
  expect(JSON.parse(new TextDecoder().decode(json.value))).toEqual(
    JSON.parse(JSON.stringify({ name: "Pipeline", sheetReadAt: sheet.sheet.fetchedAt, model })),
  );

  // The phase board's deck asks the main thread for its companies' logos, once.
  const deck = await buildInWorker(
    job("landscape-type-1", {
      as: "deck",
      info: {
        title: "T",
        disease: "D",
        client: "C",
        source: "S",
        readAt: null,
        exportedAt: new Date(),
        options: [],
        footnotes: true,
        fontSize: 12,
      },
    }),
    logos,
  );
  if (deck === "busy" || deck === "failed" || !deck.ok) throw new Error("no deck");
  expect(Buffer.from(deck.value.subarray(0, 2)).toString()).toBe("PK");
  expect(asked).toHaveLength(1);
  expect(asked[0]!.length).toBeGreaterThan(5);

  // The engine's own refusal comes back as it is.
  const missing = await buildInWorker({
    ...job("landscape-type-1", { as: "page", search: "", withInvalid: false }),
    ...stored({ ...generateSheet(1), values: [["Nothing"]] }),
  });
  expect(missing).toMatchObject({ ok: false, failure: "missing-columns" });
}, 120_000);
