// One home for addresses that come from outside: where to go after a form, and which links may be drawn.

const BASE = "http://app.invalid";
/** Tabs, line breaks and other control characters, which browsers drop from addresses, and backslashes, which they
 *  read as "/": with them "/\t/evil.example" or "/\\evil.example" would become "//evil.example", another site. */
const UNSAFE = /[\u0000-\u0020\u007f\\]/;

/**
 * A same-site path to redirect to, or `fallback`: the value is parsed against a placeholder origin and kept only when
 * it stays on it, so a crafted `redirectTo` cannot send users elsewhere. /login and /logout lead nowhere useful.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/") {
  if (!to || typeof to !== "string" || to.length > 2_000 || !to.startsWith("/") || UNSAFE.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE || url.pathname.startsWith("//")) return fallback;
  if (/^\/(login|logout)(\/|$)/.test(url.pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The address if it is an http(s) link, else null: text from a sheet or a form never becomes a `javascript:` link. */
export function httpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** Where a row action returns: the list view it was started from (its `redirectTo`, search and page kept) when that
 *  is a view of one of `lists`, else the first of them. */
export function returnTo(form: FormData, ...lists: [string, ...string[]]) {
  const to = safeRedirect(form.get("redirectTo"), lists[0]);
  return lists.some((list) => to === list || to.startsWith(`${list}?`)) ? to : lists[0];
}

const NCT_ID = /NCT\d{8}/i;
/** A sheet's trial cell ('NCT link', 'NCT Url') as a report shows it: its NCT number (else "Record"), leading to the
 *  address written, or to the registry's page when the cell is a bare NCT number. */
export function trialLink(cell: string): { label: string; url: string | null } {
  const id = cell.match(NCT_ID)?.[0].toUpperCase();
  const url = httpUrl(cell) ?? (id && cell.trim().toUpperCase() === id ? `https://clinicaltrials.gov/study/${id}` : null);
  return { label: id ?? "Record", url };
}
