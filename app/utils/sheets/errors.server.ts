// Errors of the sheet sources. Every message is written for the admin editing the disease form, in their words:
// what went wrong with the sheet and what they can do. A problem of the server's own set-up (no Google access, a
// refused key) carries a short `adminHint` saying so — never the names of environment variables, which go to the
// server's log for whoever runs it. Users who only read reports get the spec's generic message instead (user-app
// §8), SHEET_LOAD_FAILED in common/messages.ts.

type SheetErrorCode =
  // configuration of the disease or the server
  | "no-source"
  | "bad-range"
  | "bad-sheet-id"
  | "not-configured"
  // Google Sheets
  | "not-found"
  | "not-shared"
  | "credentials"
  | "rate-limited"
  | "google-error"
  | "network"
  | "not-a-google-sheet"
  // uploads
  | "empty"
  | "too-large"
  | "wrong-type"
  | "zip-rejected"
  | "unreadable"
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
  /** For administrators: what about the server's set-up is behind this (e.g. it has no Google access configured). */
  readonly adminHint?: string;
  constructor(code: SheetErrorCode, message: string, options?: { cause?: unknown; adminHint?: string }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "SheetSourceError";
    this.code = code;
    this.adminHint = options?.adminHint;
  }
  /** The HTTP status for an upload or refresh request that failed this way (502 = a source failed). */
  get status() {
    return HTTP_STATUS[this.code] ?? 502;
  }
}

/** The message for the disease form and the sheet source panel; `admin` adds the hint about the server's set-up. */
export function errorMessage(error: unknown, { admin = false }: { admin?: boolean } = {}): string {
  if (error instanceof SheetSourceError) return admin && error.adminHint ? `${error.message} ${error.adminHint}` : error.message;
  return `Unexpected error while reading the sheet: ${error instanceof Error ? error.message : String(error)}`;
}
