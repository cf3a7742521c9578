import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { data, type ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll } from "vitest";

import { requestScope } from "~/utils/request-scope.server";
import { uploadLimit } from "~/utils/upload-limits.server";

import { createApp } from "../server/app.js";

// The production server's Express stack (server/app.js) on a loopback port, serving a small Remix app in place of the
// build, with the app's own table of upload routes. Every path is one page (a splat route): its loader answers, its
// action reads the form as a route does and records what it got. /resources/cached is a resource route that sets its
// own caching; /resources/large answers 84 KB of HTML, /resources/streamed 2.5 MB a chunk a turn. Requests name APP_URL's host, as browsers do behind the app's public address.

export const APP_URL = "https://pharmascope.example";
export const OWN = { Host: "pharmascope.example", Origin: APP_URL };

/** What the page's action received, in order: the number of fields of each form it could read. */
export const formsRead: number[] = [];

const page = {
  default: () => null,
  loader: () => ({ page: true }),
  action: async ({ request }: { request: Request }) => {
    // As an upload route refuses a declared length over its cap: at once, reading nothing.
    if (new URL(request.url).searchParams.has("refuse")) return data({ refused: true }, { status: 413 });
    const form = await request.formData();
    formsRead.push([...form.keys()].length);
    return { fields: [...form.keys()].length };
  },
};

/** The chunks /resources/streamed answers, 64 KB each, one a turn of the event loop (as a sheet's parts are inflated). */
export const STREAMED_CHUNKS = 40;

function slowChunks(count: number, size: number) {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      await new Promise((resolve) => setImmediate(resolve));
      if (sent++ === count) return controller.close();
      controller.enqueue(new Uint8Array(size).fill(0x20));
    },
  });
}

export const build = {
  mode: "production",
  entry: {
    module: {
      default: (_request: Request, status: number, headers: Headers) => {
        headers.set("Content-Type", "text/html; charset=utf-8");
        return new Response("<!DOCTYPE html><title>Pharmascope</title>", { status, headers });
      },
      appOrigin: () => APP_URL,
      uploadLimit,
      requestScope,
    },
  },
  routes: {
    root: { id: "root", path: "", module: { default: () => null } },
    "routes/resources.cached": {
      id: "routes/resources.cached",
      parentId: "root",
      path: "resources/cached",
      module: { loader: () => new Response("logo", { headers: { "Cache-Control": "private, max-age=60" } }) },
    },
    "routes/resources.large": {
      id: "routes/resources.large",
      parentId: "root",
      path: "resources/large",
      module: { loader: () => new Response("<tr><td>row</td></tr>".repeat(4000), { headers: { "Content-Type": "text/html" } }) },
    },
    "routes/resources.streamed": {
      id: "routes/resources.streamed",
      parentId: "root",
      path: "resources/streamed",
      module: { loader: () => new Response(slowChunks(STREAMED_CHUNKS, 64 * 1024), { headers: { "Content-Type": "application/json" } }) },
    },
    "routes/$": { id: "routes/$", parentId: "root", path: "*", module: page },
  },
  assets: { entry: { imports: [], module: "/build/entry.js" }, routes: {}, url: "/build/manifest.js", version: "test" },
  publicPath: "/build/",
  assetsBuildDirectory: "public/build",
  future: { v3_singleFetch: true },
  isSpaMode: false,
} as unknown as Parameters<typeof createApp>[0] & ServerBuild;

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The body as sent (compressed, when it was). */
  bytes: Buffer;
}

/** Starts the server for the file's tests; `url()` is its loopback address. */
export function useServerApp() {
  let server: ReturnType<ReturnType<typeof createApp>["listen"]> | undefined;
  let port = 0;
  beforeAll(async () => {
    server = createApp(build).listen(0, "127.0.0.1");
    await new Promise((resolve) => server!.once("listening", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  /** One request as a client sends it, Host header included; `body` given whole (with its Content-Length). */
  function send(method: string, path: string, { headers = {}, body }: { headers?: Record<string, string>; body?: string | Buffer } = {}) {
    return new Promise<Answer>((resolve, reject) => {
      const req = httpRequest(
        {
          host: "127.0.0.1",
          port,
          method,
          path,
          headers: { ...headers, ...(body !== undefined && { "Content-Length": String(Buffer.byteLength(body)) }) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => {
            const bytes = Buffer.concat(chunks);
            resolve({ status: res.statusCode!, headers: res.headers, text: bytes.toString(), bytes });
          });
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  }

  /**
   * A body sent chunked (no Content-Length), as fast as the server reads it: `head`, then `size` bytes of filler in
   * chunks, each written after the last was taken, then `tail`. Resolves with the answer (when one came) and how many
   * bytes the client could write.
   */
  function stream(
    path: string,
    headers: Record<string, string>,
    { head = "", size, tail = "" }: { head?: string; size: number; tail?: string },
  ) {
    const chunk = Buffer.alloc(64 * 1024, "a");
    return new Promise<{ status?: number; written: number }>((resolve) => {
      let written = 0;
      let status: number | undefined;
      let done = false;
      const finish = () => done || ((done = true), resolve({ status, written }));
      const req = httpRequest(
        { host: "127.0.0.1", port, method: "POST", path, headers: { ...headers, "Transfer-Encoding": "chunked" } },
        (res) => {
          status = res.statusCode;
          res.resume();
          res.on("end", finish);
          res.on("error", finish);
        },
      );
      req.on("error", finish);
      req.on("close", () => setImmediate(finish));
      const send = (data: string | Buffer) => {
        written += Buffer.byteLength(data);
        return req.write(data);
      };
      send(head);
      const write = () => {
        while (!done && status === undefined && written < size) if (!send(chunk)) return void req.once("drain", write);
        if (!done && status === undefined) req.end(tail);
      };
      write();
    });
  }

  /**
   * A body of `size` bytes with its Content-Length, as a browser posts a form: written whole before the answer is
   * read. Resolves with the answer's status once both are done, and whether the whole body could be written (false
   * when the connection failed first).
   */
  function upload(path: string, headers: Record<string, string>, size: number) {
    return new Promise<{ status?: number; sentWhole: boolean }>((resolve) => {
      let [status, sentWhole, answered] = [undefined as number | undefined, false, false];
      const settle = () => sentWhole && answered && resolve({ status, sentWhole });
      const req = httpRequest(
        { host: "127.0.0.1", port, method: "POST", path, headers: { ...headers, "Content-Length": String(size) } },
        (res) => {
          status = res.statusCode;
          res.on("end", () => ((answered = true), settle())).resume();
        },
      );
      req.on("error", () => resolve({ status, sentWhole: false }));
      req.end(Buffer.alloc(size, "a"), () => ((sentWhole = true), settle()));
    });
  }

  /**
   * A client that writes `bytes` of a request at once, reads nothing for `quietMs`, writes `more` (still sending its
   * body), then reads: what it read (the answer, as far as it came) and whether the connection was reset (ECONNRESET,
   * EPIPE) within `quietMs` + 1 s.
   */
  function writeThenRead(bytes: Buffer, quietMs: number, more: Buffer) {
    return new Promise<{ text: string; reset: boolean }>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      const chunks: Buffer[] = [];
      let reset = false;
      socket.pause();
      socket.on("data", (chunk: Buffer) => chunks.push(chunk));
      socket.on("error", () => (reset = true));
      socket.write(bytes);
      setTimeout(() => {
        socket.write(more);
        setTimeout(() => socket.resume(), 100);
      }, quietMs);
      setTimeout(() => {
        socket.destroy();
        resolve({ text: Buffer.concat(chunks).toString(), reset });
      }, quietMs + 1000);
    });
  }

  return { send, stream, upload, writeThenRead };
}
