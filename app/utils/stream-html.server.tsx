import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@remix-run/node";
import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";

interface StreamOptions {
  nonce?: string;
  /** Answer once everything is rendered (bots and no-JS clients) instead of once the shell is. */
  whole: boolean;
  status: number;
  headers: Headers;
  /** A render still streaming this long after it started is aborted (what is pending shows its fallback). */
  timeoutMs: number;
}

/**
 * The HTML answer of a page: React's stream of `element`, resolved when its shell (or, `whole`, all of it) is ready.
 * The abort timer is cleared once everything is rendered. Left to fire, it kept each finished render on the heap for
 * `timeoutMs`, then aborted it: up to a quarter of a small page's CPU under load (decision 021).
 */
export function streamHtml(element: ReactNode, { nonce, whole, status, headers, timeoutMs }: StreamOptions) {
  return new Promise<Response>((resolve, reject) => {
    let didError = false;
    const timer = setTimeout(() => abort(new Error(`The page was still rendering after ${timeoutMs} ms.`)), timeoutMs);
    const send = () => {
      const body = new PassThrough();
      headers.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(createReadableStreamFromReadable(body), { headers, status: didError ? 500 : status }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce,
      onShellReady() {
        if (!whole) send();
      },
      onAllReady() {
        clearTimeout(timer);
        if (whole) send();
      },
      onShellError(error: unknown) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error: unknown) {
        didError = true;
        console.error(error);
      },
    });
  });
}
