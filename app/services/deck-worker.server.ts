// The deck worker (docs/decisions/020): a Node worker thread that builds PowerPoint decks, so pptxgenjs' synchronous
// slide and XML work (half a second for a 2,000-row table) never holds the server's event loop — and the reports' Excel
// workbooks, for the same reason (exceljs writes every cell's XML in one go). It takes one job at a time from
// deck-pool.server.ts as plain data and answers with the file's bytes, their buffer transferred, not copied.
import { parentPort } from "node:worker_threads";

import type { ReportModel } from "#workers/engine/model";
import { reportDeck, type ReportDeckInfo } from "~/reports/deck.server";
import { reportWorkbook, type ReportWorkbookInfo } from "~/reports/workbook.server";
import { newsDeck, type DeckInfo, type DeckItem } from "~/utils/news-deck.server";

/** What a deck is built from: the news export's items or a report's model, with what its cover says; or a report's
 *  model as an Excel workbook. */
export type DeckJob =
  | { deck: "news"; items: DeckItem[]; info: DeckInfo }
  | { deck: "report"; model: ReportModel; info: ReportDeckInfo }
  | { deck: "workbook"; model: ReportModel; info: ReportWorkbookInfo };
export type DeckAnswer = { ok: true; bytes: ArrayBuffer } | { ok: false; error: string };

const build = (job: DeckJob) =>
  job.deck === "news"
    ? newsDeck(job.items, job.info)
    : job.deck === "report"
      ? reportDeck(job.model, job.info)
      : reportWorkbook(job.model, job.info);

parentPort?.on("message", async (job: DeckJob) => {
  let answer: DeckAnswer;
  try {
    const deck = await build(job);
    // A Buffer may be a view into a larger or shared one: transfer a buffer of exactly the deck.
    const bytes =
      deck.byteOffset === 0 && deck.byteLength === deck.buffer.byteLength
        ? deck.buffer
        : deck.buffer.slice(deck.byteOffset, deck.byteOffset + deck.byteLength);
    answer = { ok: true, bytes: bytes as ArrayBuffer };
  } catch (error) {
    answer = { ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort!.postMessage(answer, answer.ok ? [answer.bytes] : []);
});
