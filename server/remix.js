// @ts-check
// How a request reaches Remix and its answer leaves (what @remix-run/express's handler does, plus three rules):
//  - the body is counted while it streams in, before anything parses it, for anonymous and signed-in requests alike:
//    a multipart form to a route that takes files (app/utils/upload-limits.server.ts) at most that route's cap,
//    anything else at most FORM_MAX_BYTES. Past it the request gets a 413 and nothing more is read: the connection
//    closes, a moment after the answer (lingerAfterAnswer). A declared Content-Length over FORM_MAX_BYTES is refused before anything is read; an upload route
//    refuses its own with its message ("Maximum allowed file size is 5MB!"), also before reading — and once that
//    answer is out, the rest of the body is read and dropped (dropUnread), so that a browser shows it at once;
//  - the request's URL is APP_URL's origin with the path asked for: nothing the app builds from it follows a Host header;
//  - an answer that does not say how it may be cached gets `Cache-Control: no-store`: pages and their data show who
//    is signed in and what they may see. Resource routes that set their own caching (files, logos, feeds) keep it.
import { finished, Transform } from "node:stream";
import { createReadableStreamFromReadable } from "@remix-run/node";

/** The largest form without files: far above any form of the app, far below a body that costs to hold. */
export const FORM_MAX_BYTES = 1024 * 1024;
const TOO_LARGE = "The form is too large.";
const API_TOO_LARGE = "The body is too large (1 MB at most).";

/**
 * `req`'s body as Remix reads it, cut off past `limit` bytes: then `onTooLarge` runs and the body fails to read.
 * @param {import("express").Request} req
 * @param {number} limit
 * @param {() => void} onTooLarge
 */
function limitedBody(req, limit, onTooLarge) {
  let read = 0;
  const body = new Transform({
    transform(chunk, _encoding, done) {
      read += chunk.length;
      if (read <= limit) return done(null, chunk);
      req.unpipe(body);
      req.pause();
      onTooLarge();
      done(new Error(TOO_LARGE));
    },
  });
  req.pipe(body);
  // A client that goes away mid-body leaves a body that fails to read, not one that never ends.
  finished(req, (error) => error && body.destroy(error));
  return createReadableStreamFromReadable(body);
}

/** How long a connection closed with a body still coming stays open after its answer (lingerAfterAnswer). */
const LINGER_MS = 2000;

/**
 * A lingering close (RFC 9112 §9.6) for a connection whose answer goes out before its body was read: the answer and
 * the end of what the server sends go out at once, the socket is released LINGER_MS later. Released at once with the
 * rest of the body unread, the kernel resets the connection, and a client still writing gets that error before it
 * reads the 413. Nothing more is read meanwhile: the client's writes stall, it reads the answer and stops.
 * @param {import("node:net").Socket} socket
 */
function lingerAfterAnswer(socket) {
  // Node's server ends a `Connection: close` answer's socket with destroySoon (end, then destroy once written).
  socket.destroySoon = () => {
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}

/** The most of a body an answer left unread that is read after it, and dropped (dropUnread). */
const DRAIN_MAX_BYTES = 64 * 1024 * 1024;

/**
 * After the answer, reads and drops what is left of a body the route answered without reading (an upload route that
 * refused the length it declared), when that length is declared and at most DRAIN_MAX_BYTES. A browser reads an
 * answer only once it has sent its whole body: left unread, the upload stalls until the idle connection is closed
 * (keep-alive's 5 s), and the page the route wrote ("Maximum allowed file size is 5MB!" on the Logo field) comes late
 * or not at all. Nothing is held: the bytes are dropped as they come.
 * @param {import("express").Request} req
 */
function dropUnread(req) {
  if (req.complete || !(Number(req.get("Content-Length")) <= DRAIN_MAX_BYTES)) return;
  req.unpipe();
  req.resume();
}

/**
 * When `res` can take more, or has closed. Each wait takes its listeners off again: a large body waits hundreds of
 * times, and a `close` listener left behind by each had Node warn of a leak past ten (a 10,000-row sheet).
 * @param {import("express").Response} res
 * @returns {Promise<void>}
 */
function drainedOrClosed(res) {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done).off("close", done);
      resolve();
    };
    res.on("drain", done).on("close", done);
  });
}

/**
 * Writes a response's body: what it yields within one turn of the event loop goes out as one write and one flush.
 * React renders a page as dozens of chunks of a few KB, and @remix-run/node's writer wrote and flushed each one — a
 * system call each and, compressed, a zlib flush each. What comes later (a streamed part) still goes out as it comes,
 * and a client that reads slowly holds the reading back. A body that is whole within its first turn (a JSON answer, a
 * page without a streamed part) goes out in `res.end`, with its length: compression then leaves a small one as it is
 * (its threshold, 1 KB) instead of starting a brotli stream for a few bytes, and nothing is sent chunked.
 * @param {ReadableStream<Uint8Array>} body
 * @param {import("express").Response} res compression's, whose `flush` sends what zlib holds
 */
async function writeBody(body, res) {
  const reader = body.getReader();
  /** @type {Uint8Array[]} */
  let batch = [];
  /** @type {NodeJS.Immediate | undefined} */
  let turn;
  /** @type {Promise<void> | undefined} */
  let drained;
  let started = false;
  const take = () => {
    const chunk = batch.length === 1 ? batch[0] : Buffer.concat(batch);
    batch = [];
    return chunk;
  };
  const write = () => {
    turn = undefined;
    if (!batch.length) return;
    started = true;
    const chunk = take();
    if (!res.write(chunk)) drained = drainedOrClosed(res);
    /** @type {{ flush?: () => void }} */ (/** @type {unknown} */ (res)).flush?.();
  };
  try {
    for (;;) {
      if (drained) await drained;
      drained = undefined;
      const { done, value } = await reader.read();
      if (done) break;
      batch.push(value);
      turn ??= setImmediate(write);
    }
    clearImmediate(turn);
    if (started) {
      write();
      res.end();
    } else {
      const whole = batch.length ? take() : undefined;
      // Set here, not left to res.end: compression sends the headers before it passes the body on.
      if (!res.headersSent) res.setHeader("Content-Length", whole?.byteLength ?? 0);
      res.end(whole);
    }
  } catch (error) {
    clearImmediate(turn);
    res.destroy(/** @type {Error} */ (error));
    throw error;
  }
}

/**
 * @param {{
 *   handle: (request: Request, context: import("@remix-run/node").AppLoadContext) => Promise<Response>;
 *   appUrl: string;
 *   uploadLimit: (pathname: string) => number | undefined;
 *   getLoadContext: (req: import("express").Request, res: import("express").Response) => import("@remix-run/node").AppLoadContext;
 * }} options `handle`: @remix-run/node's createRequestHandler(build); `uploadLimit`: a route's body cap for a
 *   multipart form with files (undefined: the route takes none)
 * @returns {import("express").RequestHandler}
 */
export function remixHandler({ handle, appUrl, uploadLimit, getLoadContext }) {
  const appOrigin = new URL(appUrl).origin;
  return async (req, res, next) => {
    const controller = new AbortController();
    // Loaders and actions are aborted once no answer can be sent (the client left, or the 413 went out).
    res.on("close", () => res.writableFinished || controller.abort());
    const tooLarge = () => {
      controller.abort();
      if (res.headersSent) return void req.socket.destroy();
      lingerAfterAnswer(req.socket);
      // The integration API answers in its own format (RFC 9457 problem details), as its every refusal.
      const api = req.path.startsWith("/api/");
      res
        .status(413)
        .set({
          "Content-Type": api ? "application/problem+json" : "text/plain; charset=utf-8",
          "Cache-Control": "no-store",
          Connection: "close",
        })
        .send(api ? JSON.stringify({ type: "about:blank", title: "Content Too Large", status: 413, detail: API_TOO_LARGE }) : TOO_LARGE);
    };
    try {
      const url = new URL(`${appOrigin}${req.originalUrl}`);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) for (const one of [value ?? []].flat()) headers.append(name, one);
      /** @type {RequestInit} */
      const init = { method: req.method, headers, signal: controller.signal };
      if (req.method !== "GET" && req.method !== "HEAD") {
        const type = (req.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
        // `/news/add.data` (single fetch) and `/news/add/` are the route /news/add.
        const own = type === "multipart/form-data" ? uploadLimit(url.pathname.replace(/\.data$/, "").replace(/(.)\/+$/, "$1")) : undefined;
        if (own === undefined && Number(req.get("Content-Length") ?? 0) > FORM_MAX_BYTES) return tooLarge();
        Object.assign(init, { body: limitedBody(req, own ?? FORM_MAX_BYTES, tooLarge), duplex: "half" });
      }
      const response = await handle(new Request(url, init), getLoadContext(req, res));
      if (controller.signal.aborted) return;
      res.status(response.status);
      if (!response.headers.has("Cache-Control")) res.set("Cache-Control", "no-store");
      for (const [name, value] of response.headers) res.append(name, value);
      if (response.body) await writeBody(response.body, res);
      else res.end();
      dropUnread(req);
    } catch (error) {
      if (!controller.signal.aborted) next(error);
    }
  };
}
