// The deck worker (docs/decisions/020): a Node worker thread for the server's heavy synchronous work, so it never holds
// the event loop — PowerPoint decks (pptxgenjs' slide and XML work: half a second for a 2,000-row table), the reports'
// Excel workbooks (exceljs writes every cell's XML in one go), and the report models of large sheets (inflating,
// parsing and building 50,000 rows, then the page's tables, the API's JSON or the deck made of them). It takes one job
// at a time from deck-pool.server.ts as plain data and answers with the result, a file's buffer transferred, not
// copied. A job that needs the database (a deck's logos) asks the pool and waits for its reply.
import { parentPort } from "node:worker_threads";

import type { DeckLogo } from "~/reports/deck.server";
import { produce, sheetJson, type ModelJob, type Produced } from "~/reports/outputs.server";
import { newsDeck, type DeckInfo, type DeckItem } from "~/utils/news-deck.server";
import type { StoredSheet } from "~/utils/sheets/parts.server";

/** What a job is: the news export's deck from its items, or a report built from a stored sheet and made into what it
 *  wants (app/reports/outputs.server.ts). */
export type DeckJob =
  | { deck: "news"; items: DeckItem[]; info: DeckInfo }
  | { deck: "model"; job: ModelJob }
  /** A stored version's rows as the JSON the report page's worker fetches. */
  | { deck: "sheet"; sheet: StoredSheet };
/** What the worker posts: a job's answer, or a question the job asks before it can answer. */
export type WorkerMessage = { ok: true; result: Produced } | { ok: false; error: string } | { ask: "logos"; companies: string[] };
/** The pool's reply to a question. */
export type PoolReply = { reply: Record<string, DeckLogo> };

let waiting: ((logos: Record<string, DeckLogo>) => void) | null = null;
const askLogos = (companies: string[]) =>
  new Promise<Record<string, DeckLogo>>((resolve) => {
    waiting = resolve;
    parentPort!.postMessage({ ask: "logos", companies } satisfies WorkerMessage);
  });

/** Every job's result as a model job's: a value, or the engine's failure. */
const run = async (job: DeckJob): Promise<Produced> =>
  job.deck === "news"
    ? { ok: true, value: await newsDeck(job.items, job.info) }
    : job.deck === "sheet"
      ? sheetJson(job.sheet)
      : produce(job.job, askLogos);

parentPort?.on("message", async (message: DeckJob | PoolReply) => {
  if ("reply" in message) {
    waiting?.(message.reply);
    waiting = null;
    return;
  }
  let answer: WorkerMessage;
  const transfer: ArrayBuffer[] = [];
  try {
    const result = await run(message);
    if (result.ok && result.value instanceof Uint8Array) {
      // A Buffer may be a view into a larger or shared one: transfer a buffer of exactly the file.
      const bytes = result.value;
      result.value =
        bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
          ? bytes
          : new Uint8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
      transfer.push(result.value.buffer as ArrayBuffer);
    }
    answer = { ok: true, result };
  } catch (error) {
    answer = { ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort!.postMessage(answer, transfer);
});
