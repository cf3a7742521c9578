// Text helpers shared by every rule: cell → trimmed text, comparison keys, header canonical form, flags, lists.
import type { Cell } from "./sheet";

const WHITESPACE = /\s+/g;
const HEADER_PUNCTUATION = /[.,:;()[\]/\\_\-–—'"’‘`+]+/g;

/** A cell as trimmed text: null/undefined → '', numbers in plain decimal, booleans as TRUE/FALSE. */
export function cellText(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return "";
  if (typeof cell === "string") return cell.trim();
  if (typeof cell === "number") return Number.isFinite(cell) ? String(cell) : "";
  if (typeof cell === "boolean") return cell ? "TRUE" : "FALSE";
  return "";
}

/** Memoises a string → value function (values in a sheet repeat a lot); the cache is dropped when it grows past
 *  `limit` entries, so memory stays bounded on huge sheets. */
export function memoize<T>(fn: (text: string) => T, limit = 50_000): (text: string) => T {
  let cache = new Map<string, T>();
  return (text: string) => {
    let v = cache.get(text);
    if (v === undefined && !cache.has(text)) {
      v = fn(text);
      if (cache.size >= limit) cache = new Map();
      cache.set(text, v);
    }
    return v as T;
  };
}

const SPECIAL_WHITESPACE = /\s\s|[^\S ]/;
/** Comparison key: lower case, inner whitespace collapsed, trimmed. Used for duplicate and merge keys. */
export const normKey: (text: string) => string = memoize((text) => {
  const lower = text.toLowerCase();
  return (SPECIAL_WHITESPACE.test(lower) ? lower.replace(WHITESPACE, " ") : lower).trim();
});

/** Header canonical form: Unicode-normalised, lower case, punctuation (. , : ; ( ) [ ] / \ _ - – — quotes +)
 *  treated as a separator, whitespace collapsed. So 'Est.Launch Country', 'Est. Launch Country' and
 *  'est launch  country' are the same header, and 'H/M/L' equals 'H / M / L'. */
export function canonicalHeader(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(HEADER_PUNCTUATION, " ").replace(WHITESPACE, " ").trim();
}

const TRUTHY = new Set(["yes", "y", "true", "1", "x", "new", "✓", "✔"]);
/** A yes/no cell: yes, y, true, 1, x, new, ✓ (any case) or boolean true. */
export function isTruthyFlag(cell: Cell | undefined): boolean {
  if (cell === true) return true;
  if (typeof cell === "number") return cell === 1;
  return TRUTHY.has(normKey(cellText(cell)));
}

/** Splits on commas and line breaks that are not inside parentheses; trims, drops empty parts. */
export function splitList(text: string): string[] {
  if (!text) return [];
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 40 /* ( */) depth++;
    else if (c === 41 /* ) */ && depth > 0) depth--;
    else if (depth === 0 && (c === 44 /* , */ || c === 10 /* \n */ || c === 13)) {
      const part = text.slice(start, i).trim();
      if (part) out.push(part);
      start = i + 1;
    }
  }
  const last = text.slice(start).trim();
  if (last) out.push(last);
  return out;
}

/** Splits a cell into its non-empty lines. */
export function splitLines(text: string): string[] {
  if (!text) return [];
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const t = line.trim();
    if (t) out.push(t);
  }
  return out;
}

/** Text or null when empty. */
export function orNull(text: string): string | null {
  return text === "" ? null : text;
}

/** Case-insensitive, accent-insensitive comparison for sorting names (one collator, built once). */
export const compareNames: (a: string, b: string) => number = new Intl.Collator("en", { sensitivity: "base", numeric: true }).compare;
