import { useRouteLoaderData } from "@remix-run/react";

// The report page's sheet, fetched from the moment the browser reads the page's HTML rather than once the page's
// scripts have loaded, hydrated and started the engine (0.6 s after the page's request on the 10,000-row bench page;
// with 300 ms round trips the board is drawn 0.55 s sooner). A `<link rel="preload" as="fetch">` would do the same with
// JavaScript, but a browser without it downloads the sheet for nothing (and Chromium warned that the preloaded response
// went unused by the page's fetch). An inline script runs with JavaScript only; useReportModel takes what it started.

const KEY = "__pharmascopeSheet";

interface Prefetched {
  url: string;
  response: Promise<Response | null>;
}

/** The inline script that starts fetching `url` (the page's CSP lets it run with the request's nonce). Rendered again on
 *  the client, React inserts it without running it: a page reached by a link fetches its sheet from its hook. */
export function SheetPrefetch({ url }: { url: string }) {
  const nonce = (useRouteLoaderData("root") as { nonce?: string } | undefined)?.nonce;
  const literal = JSON.stringify(url).replace(/</g, "\\u003c");
  const script = `window.${KEY}={url:${literal},response:fetch(${literal},{credentials:"same-origin"}).catch(function(){return null})}`;
  // The browser hides a script's nonce once parsed, so the attribute hydrated differs from the server's.
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script }} />;
}

/** The response the page's script started for `url`, once (later builds read the worker's copy); null when none. */
export function takePrefetchedSheet(url: string): Promise<Response | null> | null {
  const holder = window as unknown as Record<typeof KEY, Prefetched | undefined>;
  const prefetched = holder[KEY];
  if (!prefetched || prefetched.url !== url) return null;
  delete holder[KEY];
  return prefetched.response;
}
