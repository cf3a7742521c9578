// Whether this browser draws the reports itself, kept in a cookie so that the server can leave out of a report page the
// tables it otherwise builds and sends for the time until the drawing is ready (decision 006). Building them held the
// page's first byte until the engine had run on the server (0.1–0.3 s at 10,000 rows, about 1 s at 50,000) and their
// rows were the page's longest tasks to parse and lay out, only to be replaced moments later.
// The page's scripts set it at every full page load: a browser that runs them, on a connection not known to be slow.
// Without it — a first visit, a browser without JavaScript, a slow or data-saving connection, where tables that arrive
// with the page show the data long before a large sheet has downloaded — the page comes with its tables as before.

export const DRAWN_HERE_COOKIE = "draws-reports";
const KEPT_FOR_SECONDS = 30 * 86_400;
const SLOW = new Set(["slow-2g", "2g", "3g"]);

/** Whether the request's cookies say that the browser draws the reports itself. */
export function drawnHere(cookieHeader: string | null): boolean {
  return !!cookieHeader && cookieHeader.split(";").some((pair) => pair.trim() === `${DRAWN_HERE_COOKIE}=1`);
}

/** The Set-Cookie value that forgets it (a browser that now runs without scripts: the page's <noscript> leads there). */
export const forgetDrawnHere = () => `${DRAWN_HERE_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;

/** Set on the window by the page's scripts as they start: a page left without its tables whose scripts never come (a
 *  proxy that drops them, a connection lost) goes to its tables instead (TablesLeftOut). */
export const SCRIPTS_RAN = "__pharmascopeScriptsRan";
/** How long such a page waits for its scripts, as the server's tables wait before they show every row. */
export const SCRIPTS_AWAITED_MS = 10_000;

/** The address that forgets the cookie and goes back to `page`, then sent with its tables. */
export const withoutScripts = (page: string) => `/resources/without-scripts?to=${encodeURIComponent(page)}`;

/** Run by the page's scripts: remember that this browser draws the reports, or forget it on a slow or data-saving
 *  connection (the Network Information API, where the browser has it). */
export function rememberDrawnHere() {
  (window as unknown as Record<typeof SCRIPTS_RAN, boolean>)[SCRIPTS_RAN] = true;
  const connection = (navigator as Navigator & { connection?: { effectiveType?: string; saveData?: boolean } }).connection;
  const slow = connection?.saveData === true || SLOW.has(connection?.effectiveType ?? "");
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = slow ? forgetDrawnHere() : `${DRAWN_HERE_COOKIE}=1; Max-Age=${KEPT_FOR_SECONDS}; Path=/; SameSite=Lax${secure}`;
}
