// A small CSV reader for uploaded sheets: RFC 4180 quoting (quoted delimiters, doubled quotes, line breaks
// inside quotes), CRLF / LF / CR line ends, a UTF-8 byte-order mark, and the delimiter sniffed from the text
// (",", ";" as Excel writes in many European locales, or tab). Malformed quoting is read leniently, never thrown.

/** Text of a .csv upload: UTF-8 (BOM removed); Windows-1252 when the bytes are not valid UTF-8 (older Excel). */
export function decodeCsv(data: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(data);
  } catch {
    text = new TextDecoder("windows-1252").decode(data);
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
const PAUSE_EVERY = 64 * 1024;

/**
 * Parses CSV text into rows of strings, one row at a time, and `null` after every PAUSE_EVERY characters read (a field
 * may be megabytes long): where a caller can give the event loop a turn. A final line break does not add an empty row.
 */
export function* csvRows(text: string, delimiter = sniffDelimiter(text)): Generator<string[] | null> {
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let fieldStarted = false; // the current field began with a quote
  let i = 0;
  let pauseAt = PAUSE_EVERY;
  const n = text.length;
  const endField = () => {
    row.push(field);
    field = "";
    fieldStarted = false;
  };
  const endRow = () => {
    endField();
    const done = row;
    row = [];
    return done;
  };
  while (i < n) {
    if (i >= pauseAt) {
      yield null;
      pauseAt = i + PAUSE_EVERY;
    }
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      field += ch;
      i++;
      continue;
    }
    if (ch === '"' && field === "" && !fieldStarted) {
      quoted = true;
      fieldStarted = true;
      i++;
    } else if (ch === delimiter) {
      endField();
      i++;
    } else if (ch === "\r" || ch === "\n") {
      yield endRow();
      i += ch === "\r" && text[i + 1] === "\n" ? 2 : 1;
    } else {
      field += ch; // includes a stray quote inside an unquoted field
      i++;
    }
  }
  if (field !== "" || fieldStarted || row.length > 0) yield endRow();
}

/** Parses CSV text into rows of strings. A final line break does not add an empty row. */
export function parseCsv(text: string, delimiter = sniffDelimiter(text)): string[][] {
  return [...csvRows(text, delimiter)].filter((row) => row !== null);
}
