import { InlineScript } from "~/components/inline-script";

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

/** The inline script that starts fetching `url`. A page reached by a link (the script is not run then) fetches its sheet
 *  from its hook. */
export function SheetPrefetch({ url }: { url: string }) {
  const literal = JSON.stringify(url).replace(/</g, "\\u003c");
  return (
    <InlineScript
      code={`window.${KEY}={url:${literal},response:fetch(${literal},{credentials:"same-origin"}).catch(function(){return null})}`}
    />
  );
}

/** The response the page's script started for `url`, once (later builds read the worker's copy); null when none. */
export function takePrefetchedSheet(url: string): Promise<Response | null> | null {
  const holder = window as unknown as Record<typeof KEY, Prefetched | undefined>;
  const prefetched = holder[KEY];
  if (!prefetched || prefetched.url !== url) return null;
  delete holder[KEY];
  return prefetched.response;
}
