// A small CSV reader for uploaded sheets: RFC 4180 quoting (quoted delimiters, doubled quotes, line breaks
// inside quotes), CRLF / LF / CR line ends, a UTF-8 byte-order mark, and the delimiter sniffed from the text
// (",", ";" as Excel writes in many European locales, or tab). Malformed quoting is read leniently, never thrown.
import { setImmediate } from "node:timers/promises";

/** Bytes decoded between two turns of the event loop (a 20 MB file decoded at once held it about 40 ms). */
const DECODE_SLICE = 1024 * 1024;

/** `data` as text in `encoding`, a slice at a time, the event loop given a turn between slices. */
async function decodeInSlices(data: Uint8Array, encoding: string, fatal: boolean) {
  const decoder = new TextDecoder(encoding, { fatal });
  const parts: string[] = [];
  for (let at = 0; at < data.length; at += DECODE_SLICE) {
    if (at) await setImmediate();
    parts.push(decoder.decode(data.subarray(at, at + DECODE_SLICE), { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join("");
}

/** Text of a .csv upload: UTF-8 (BOM removed); Windows-1252 when the bytes are not valid UTF-8 (older Excel). */
export async function decodeCsv(data: Uint8Array): Promise<string> {
  let text: string;
  try {
    text = await decodeInSlices(data, "utf-8", true);
  } catch {
    text = await decodeInSlices(data, "windows-1252", false);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The delimiter occurring most often outside quotes in the first 64 KB (comma on a tie or none). */
export function sniffDelimiter(text: string): string {
  const counts = new Map<string, number>([
    [",", 0],
    [";", 0],
    ["\t", 0],
  ]);
  let quoted = false;
  for (let i = 0; i < Math.min(text.length, 65_536); i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ",";
  for (const [d, n] of counts) if (n > counts.get(best)!) best = d;
  return best;
}

/** Characters read between two pauses of `csvRows`. */
const PAUSE_EVERY = 16 * 1024;

/**
 * Parses CSV text into rows of strings, one row at a time, and `null` after every PAUSE_EVERY characters read: where a
 * caller can give the event loop a turn. A final line break does not add an empty row. Fields are slices of the text
 * (a quoted one joins its runs between doubled quotes), not strings grown a character at a time: a 19 MB file left
 * so much garbage that collecting it held the event loop over 100 ms.
 */
export function* csvRows(text: string, delimiter = sniffDelimiter(text)): Generator<string[] | null> {
  const n = text.length;
  const endOfField = (from: number) => {
    let k = from;
    while (k < n && text[k] !== delimiter && text[k] !== "\n" && text[k] !== "\r") k++;
    return k;
  };
  let row: string[] = [];
  let i = 0;
  let pauseAt = PAUSE_EVERY;
  while (i < n) {
    if (i >= pauseAt) {
      yield null;
      pauseAt = i + PAUSE_EVERY;
    }
    let quoted = "";
    if (text[i] === '"') {
      // A quoted field: delimiters and line breaks inside are text, "" is a quote; unterminated, it runs to the end.
      for (let from = i + 1; ;) {
        const close = text.indexOf('"', from);
        if (close < 0) {
          quoted += text.slice(from);
          i = n;
          break;
        }
        quoted += text.slice(from, close);
        if (text[close + 1] === '"') {
          quoted += '"';
          from = close + 2;
          continue;
        }
        i = close + 1;
        break;
      }
    }
    // Read leniently: whatever follows a closing quote up to the delimiter belongs to the field (a stray quote too).
    const end = endOfField(i);
    row.push(quoted + text.slice(i, end));
    i = end;
    if (i >= n) break;
    if (text[i] === delimiter) {
      i++;
      if (i >= n) row.push(""); // "a,b," ends with an empty field
      continue;
    }
    yield row;
    row = [];
    i += text[i] === "\r" && text[i + 1] === "\n" ? 2 : 1;
  }
  if (row.length > 0) yield row;
}

/** Parses CSV text into rows of strings. A final line break does not add an empty row. */
export function parseCsv(text: string, delimiter = sniffDelimiter(text)): string[][] {
  return [...csvRows(text, delimiter)].filter((row) => row !== null);
}
