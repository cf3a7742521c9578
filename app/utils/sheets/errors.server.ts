// Errors of the sheet sources. Every message is written for the person who can fix the problem (an admin
// editing the disease form, or whoever runs the server); users who only read reports get the spec's generic
// message instead (user-app §8), SHEET_LOAD_FAILED in common/messages.ts.

type SheetErrorCode =
  // configuration of the disease or the server
  | "no-source" | "bad-range" | "bad-sheet-id" | "not-configured"
  // Google Sheets
  | "not-found" | "not-shared" | "credentials" | "rate-limited" | "google-error" | "network" | "not-a-google-sheet"
  // uploads
  | "empty" | "too-large" | "wrong-type" | "zip-rejected" | "unreadable"
  // contents
  | "too-many-rows";

const HTTP_STATUS: Partial<Record<SheetErrorCode, number>> = {
  "too-large": 413,
  empty: 400,
  "wrong-type": 415,
  "zip-rejected": 400,
  unreadable: 400,
  "too-many-rows": 400,
};

export class SheetSourceError extends Error {
  readonly code: SheetErrorCode;
  constructor(code: SheetErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "SheetSourceError";
    this.code = code;
  }
  /** The HTTP status for an upload or refresh request that failed this way (502 = a source failed). */
  get status() {
    return HTTP_STATUS[this.code] ?? 502;
  }
}

export function errorMessage(error: unknown): string {
  if (error instanceof SheetSourceError) return error.message;
  return `Unexpected error while reading the sheet: ${error instanceof Error ? error.message : String(error)}`;
}
