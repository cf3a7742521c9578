// Decks, workbooks and large sheets' report models are made off the main thread (docs/decisions/020): a small pool of
// deck workers (deck-worker.server.ts), one job each at a time, the rest waiting in a bounded queue. A job that fails,
// a worker that dies or hangs past the time limit fails its job — the route's error path answers, never a hung
// request — and the next job gets a fresh worker; a job that finds the queue full is refused at once.
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";

import { EXPORT_BUSY, EXPORT_FAILED } from "#common/messages";
import type { LogoQuestion, ModelJob, ModelWant, Produced, sheetJson } from "~/reports/outputs.server";
import type { StoredSheet } from "~/utils/sheets/parts.server";

import type { DeckJob, PoolReply, WorkerMessage } from "./deck-worker.server";

/** The news export's deck job. */
export type NewsDeckJob = Extract<DeckJob, { deck: "news" }>;

/** One worker per core the main thread leaves free, at least one, at most two: decks are rare and a worker's heap is
 *  not small. */
export const DECK_WORKERS = Math.min(2, Math.max(1, availableParallelism() - 1));
/** Jobs that may wait for a worker; beyond that an export is refused at once rather than queued for minutes. */
export const DECK_QUEUE_LIMIT = 16;
/** Longest a deck may take (a 2,000-row table takes about a second): a worker still busy then is stopped. */
const JOB_TIME_LIMIT_MS = 120_000;

interface Pending {
  job: DeckJob;
  resolve: (result: Produced) => void;
  reject: (error: Error) => void;
  /** Answers the job's question (the logos its deck draws). */
  logos?: LogoQuestion;
}
interface Slot {
  worker: Worker;
  running: Pending | null;
  timer?: NodeJS.Timeout;
}

const slots = new Set<Slot>();
const queue: Pending[] = [];

/**
 * The worker's code: in the production build the bundle beside the server's (`build/deck-worker.js`, made by
 * scripts/build-workers.ts); when this module runs from its TypeScript source (tests, tsx scripts), that source
 * through tsx, which also resolves the path aliases.
 */
function workerEntry(): { file: URL; execArgv: string[] } {
  return import.meta.url.endsWith(".ts")
    ? { file: new URL("./deck-worker.server.ts", import.meta.url), execArgv: ["--import", "tsx"] }
    : { file: new URL("./deck-worker.js", import.meta.url), execArgv: [] };
}

function startWorker(): Slot {
  const { file, execArgv } = workerEntry();
  const slot: Slot = { worker: new Worker(file, { execArgv }), running: null };
  slot.worker.on("message", (message: WorkerMessage) => {
    if ("ask" in message) {
      const ask = slot.running?.logos ?? (async () => ({}));
      ask(message.companies).then(
        (reply) => slot.worker.postMessage({ reply } satisfies PoolReply),
        (error: Error) => {
          finish(slot)?.reject(error);
          void slot.worker.terminate(); // waiting for a reply that will not come
        },
      );
      return;
    }
    const pending = finish(slot);
    if (message.ok) pending?.resolve(message.result);
    else pending?.reject(new Error(`The worker's job failed: ${message.error}`));
    next();
  });
  // An uncaught error ends the worker: 'exit' follows and answers the job.
  slot.worker.on("error", (error) => console.error("deck worker failed", error));
  slot.worker.on("exit", (code) => {
    slots.delete(slot);
    finish(slot)?.reject(new Error(`The deck worker stopped (exit code ${code}) before its job was done`));
    next();
  });
  slot.worker.unref();
  slots.add(slot);
  return slot;
}

/** The slot's job, taken off it; the worker idles without keeping the process alive. */
function finish(slot: Slot): Pending | null {
  const pending = slot.running;
  slot.running = null;
  clearTimeout(slot.timer);
  slot.worker.unref();
  return pending;
}

/** Gives waiting jobs to idle workers, starting workers up to the pool's size. */
function next() {
  while (queue.length) {
    const slot = [...slots].find((s) => !s.running) ?? (slots.size < DECK_WORKERS ? startWorker() : null);
    if (!slot) return;
    const pending = queue.shift()!;
    slot.running = pending;
    slot.worker.ref();
    slot.timer = setTimeout(() => void slot.worker.terminate(), JOB_TIME_LIMIT_MS);
    try {
      slot.worker.postMessage(pending.job);
    } catch (error) {
      // Data that cannot be cloned: this job fails, the worker stays.
      finish(slot);
      pending.reject(error as Error);
    }
  }
}

/** A job's result from a deck worker; or, when the queue is full, "busy"; when the job failed, "failed" (logged). */
async function run(job: DeckJob, logos?: LogoQuestion): Promise<Produced | "busy" | "failed"> {
  if (queue.length >= DECK_QUEUE_LIMIT) return "busy";
  try {
    return await new Promise<Produced>((resolve, reject) => {
      queue.push({ job, resolve, reject, logos });
      next();
    });
  } catch (error) {
    console.error(
      `${job.deck === "model" ? `report ${job.job.want.as}` : `${job.deck} ${job.deck === "news" ? "deck" : "JSON"}`} not built:`,
      error,
    );
    return "failed";
  }
}

/** The news export's .pptx, built by a deck worker; or, when it cannot be built or the queue is full, the message that
 *  says so. */
export async function buildDeck(job: NewsDeckJob): Promise<{ ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false; message: string }> {
  const result = await run(job);
  if (result === "busy") return { ok: false, message: EXPORT_BUSY };
  if (result === "failed" || !result.ok) return { ok: false, message: EXPORT_FAILED };
  return { ok: true, bytes: result.value as Uint8Array<ArrayBuffer> };
}

/** A report made from a stored sheet by a deck worker (app/reports/outputs.server.ts); "busy" or "failed" as `run`. */
export function buildInWorker<W extends ModelWant>(job: ModelJob<W>, logos?: LogoQuestion) {
  return run({ deck: "model", job }, logos) as Promise<Produced<W> | "busy" | "failed">;
}

/** A stored sheet version's JSON for the report page, made by a deck worker; "busy" or "failed" as `run`. */
export function sheetInWorker(sheet: StoredSheet) {
  return run({ deck: "sheet", sheet }) as Promise<ReturnType<typeof sheetJson> | "busy" | "failed">;
}

/** Stops every deck worker: their jobs fail, and the next job starts a fresh worker. */
export async function stopDeckWorkers() {
  await Promise.all([...slots].map((slot) => slot.worker.terminate()));
}
