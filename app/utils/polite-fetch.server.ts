import { Agent, fetch as undiciFetch, type Dispatcher } from "undici";

import { awaitTurn } from "./rate-limit.server";

// GET from an outside service the way a good citizen does (issues 15 and 16): requests spaced out across every app
// server when the service asks for it (the turn is kept in MongoDB: `awaitTurn`), a timeout on each, and a 429, a 5xx
// or a network failure tried again after a wait that doubles (Retry-After honoured up to a cap) — but a service that
// cannot even be connected to (refused, unknown name, no route, connect timeout) is not: it will not be there seconds
// later, and someone may be waiting on the page (issue 28). Any other answer is the caller's to read: `refused`
// carries its status and a line of its text.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Whether an answer is worth another try. */
const transient = (status: number) => status === 429 || status >= 500;

/** Errors (codes on the error or its causes) of a connection that was never made. */
const NOT_CONNECTED = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_CONNECT_TIMEOUT"]);
function neverConnected(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++)
    if (typeof e.code === "string" && NOT_CONNECTED.has(e.code)) return true;
  return false;
}

const agents = new Map<number, Agent>();
/** A dispatcher giving up on a connection not made within `ms` (the default waits for the system's, minutes). */
export function connectWithin(ms: number): Agent {
  let agent = agents.get(ms);
  if (!agent) agents.set(ms, (agent = new Agent({ connect: { timeout: ms } })));
  return agent;
}

export class FetchFailure extends Error {
  constructor(
    readonly kind: "unreachable" | "refused",
    /** "HTTP 404", "network: …", or the first line of the service's plain-text explanation. */
    readonly detail: string,
    readonly status?: number,
  ) {
    super(`${kind}: ${detail}`);
  }
}

export interface PoliteOptions {
  /** Requests with the same key leave at least `intervalMs` apart from all servers together. */
  pacing?: { key: string; intervalMs: number };
  /** Tries per request (the first included). */
  attempts: number;
  /** The first retry's wait; it doubles with each further attempt. */
  retryBaseMs: number;
  /** The longest wait a Retry-After may ask for. */
  maxRetryAfterMs?: number;
  timeoutMs: number;
  headers?: Record<string, string>;
  /** Another way to connect (undici's dispatcher; requests then go through undici's own fetch, its match). */
  dispatcher?: Dispatcher;
}

/** The answer to a GET, redirects followed: a 2xx or 304 response (its body unread), or a FetchFailure. */
export async function politeGet(url: URL, options: PoliteOptions): Promise<Response> {
  let failure = "";
  for (let attempt = 0; attempt < options.attempts; attempt++) {
    if (options.pacing) await awaitTurn(options.pacing.key, options.pacing.intervalMs);
    let response: Response;
    try {
      const init = { headers: options.headers, signal: AbortSignal.timeout(options.timeoutMs) };
      response = options.dispatcher
        ? ((await undiciFetch(url, { ...init, dispatcher: options.dispatcher })) as unknown as Response)
        : await fetch(url, init);
    } catch (error) {
      failure = `network: ${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message}`;
      if (neverConnected(error)) break;
      await backoff(attempt, null, options);
      continue;
    }
    if (response.ok || response.status === 304) return response;
    const body = await response.text().catch(() => "");
    if (!transient(response.status)) {
      // A 400 often says what was wrong in a line of plain text; an HTML page says nothing useful.
      const detail = /^\s*</.test(body) ? "" : body.replace(/\s+/g, " ").trim().slice(0, 300);
      throw new FetchFailure("refused", detail || `HTTP ${response.status}`, response.status);
    }
    failure = `HTTP ${response.status}`;
    await backoff(attempt, response.headers.get("Retry-After"), options);
  }
  console.warn(`${url.host} unreachable (${failure}): ${url.pathname}`);
  throw new FetchFailure("unreachable", failure);
}

async function backoff(attempt: number, retryAfter: string | null, options: PoliteOptions) {
  if (attempt === options.attempts - 1) return;
  const asked = retryAfter && /^\d+$/.test(retryAfter) ? Number(retryAfter) * 1000 : 0;
  await sleep(Math.min(Math.max(asked, options.retryBaseMs * 2 ** attempt), options.maxRetryAfterMs ?? 10_000));
}

/** A response's text, refusing one longer than `maxBytes` (a feed is not a download). */
export async function boundedText(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get("Content-Length") ?? 0);
  if (declared > maxBytes) throw new FetchFailure("refused", `the answer is larger than ${Math.round(maxBytes / 1_048_576)} MB`);
  const reader = response.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new FetchFailure("refused", `the answer is larger than ${Math.round(maxBytes / 1_048_576)} MB`);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
