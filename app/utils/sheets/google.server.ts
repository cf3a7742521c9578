import type * as SheetsApi from "googleapis/build/src/apis/sheets/index.js";

import type { Cell } from "#workers/engine/sheet";

import { sheetConfig } from "../env.server";
import { finishRows, toCell, trimRow } from "./cells.server";
import { SheetSourceError } from "./errors.server";
import { a1Range, type HeaderRange } from "./range.server";

// Google Sheets source: one `spreadsheets.values.get` per refresh.
//
//   range               'Sheet Name'!A5:ZZ   (from the Headers Range; the header row down, all rows, to column ZZ
//                                              or to the end column the Headers Range names)
//   valueRenderOption   UNFORMATTED_VALUE    numbers stay numbers whatever the cell's display format, so a
//                                              sheet in a German or US locale reads the same
//   dateTimeRenderOption SERIAL_NUMBER       dates are serial numbers (days since 1899-12-30), exactly what an
//                                              uploaded .xlsx gives; text that only looks like a date (e.g.
//                                              "2027+", "Q3 2026") stays text
//   majorDimension      ROWS
//
// Auth: GOOGLE_API_KEY (enough for sheets shared "anyone with the link can view", user-app §2) or
// GOOGLE_SERVICE_ACCOUNT_JSON (a service account; sheets may instead be shared with its email). A server without
// either tells the admin in plain words (and upload as the way out); the variable names go to the server's log.
// Only the Sheets API module of googleapis is loaded (0.2 s instead of 1.7 s for the whole package).

type SheetsModule = typeof SheetsApi;
let sheetsModule: Promise<SheetsModule> | undefined;
function loadSheets() {
  sheetsModule ??= import("googleapis/build/src/apis/sheets/index.js");
  return sheetsModule;
}

interface ServiceAccount {
  client_email?: string;
  private_key?: string;
}

function serviceAccount(json: string): ServiceAccount {
  try {
    const parsed = JSON.parse(json) as ServiceAccount;
    if (!parsed.client_email || !parsed.private_key) throw new Error("client_email or private_key missing");
    return parsed;
  } catch (error) {
    logSetUp(`GOOGLE_SERVICE_ACCOUNT_JSON is not a service-account key file (${(error as Error).message}): set it to the whole JSON key.`);
    throw new SheetSourceError("not-configured", NO_GOOGLE_ACCESS, {
      adminHint: "(The server's Google access is set up with a service-account key that cannot be used.)",
    });
  }
}

/** What the admin reads when the server cannot ask Google at all: no variable names, and what they can do instead. */
const NO_GOOGLE_ACCESS =
  "Google Sheets can't be read from this server, so the sheet was not read. Choose “Uploaded workbook” as the sheet source and upload the workbook instead.";

const logged = new Set<string>();
/** Tells whoever runs the server what to set, once per process and problem (the page shows no variable names). */
function logSetUp(message: string) {
  if (logged.has(message)) return;
  logged.add(message);
  console.warn(`Google Sheets: ${message}`);
}

/** A spreadsheet id, also when the whole address was pasted into the Sheet ID field. */
function spreadsheetId(sheetId: string): string {
  const trimmed = sheetId.trim();
  const fromUrl = /\/spreadsheets\/d\/([A-Za-z0-9_-]+)/.exec(trimmed)?.[1];
  const id = fromUrl ?? trimmed;
  if (!/^[A-Za-z0-9_-]{10,200}$/.test(id)) {
    throw new SheetSourceError(
      "bad-sheet-id",
      `The Sheet ID "${sheetId}" is not a Google Sheets id. Copy the long id between /d/ and /edit from the sheet's address.`,
    );
  }
  return id;
}

interface GoogleSheetRequest {
  sheetId: string;
  sheetName?: string | null;
  range: HeaderRange;
}

export async function fetchGoogleSheet(req: GoogleSheetRequest): Promise<Cell[][]> {
  const config = sheetConfig();
  const id = spreadsheetId(req.sheetId);
  const range = a1Range(req.sheetName, req.range);
  const account = config.GOOGLE_SERVICE_ACCOUNT_JSON ? serviceAccount(config.GOOGLE_SERVICE_ACCOUNT_JSON) : undefined;
  if (!account && !config.GOOGLE_API_KEY) {
    logSetUp("no access configured: set GOOGLE_API_KEY (or GOOGLE_SERVICE_ACCOUNT_JSON) to read Google Sheets.");
    throw new SheetSourceError("not-configured", NO_GOOGLE_ACCESS, { adminHint: "(The server has no Google access configured.)" });
  }
  const { sheets, auth } = await loadSheets();
  const client = sheets({
    version: "v4",
    auth: account
      ? new auth.GoogleAuth({ credentials: account, scopes: ["https://www.googleapis.com/auth/spreadsheets.readonly"] })
      : config.GOOGLE_API_KEY,
    ...(config.GOOGLE_SHEETS_ROOT_URL ? { rootUrl: config.GOOGLE_SHEETS_ROOT_URL } : {}),
  });
  try {
    const response = await client.spreadsheets.values.get(
      {
        spreadsheetId: id,
        range,
        majorDimension: "ROWS",
        valueRenderOption: "UNFORMATTED_VALUE",
        dateTimeRenderOption: "SERIAL_NUMBER",
      },
      {
        timeout: config.GOOGLE_SHEETS_TIMEOUT_MS,
        // One quick retry for 429/5xx and dropped connections; a page is waiting on this.
        retryConfig: { retry: 1, noResponseRetries: 1, retryDelay: 200, httpMethodsToRetry: ["GET"] },
      },
    );
    const values = (response.data.values ?? []) as unknown[][];
    const rows = values.map((row) => trimRow((Array.isArray(row) ? row : []).map(toCell)));
    return finishRows(rows, config.SHEET_MAX_ROWS);
  } catch (error) {
    if (error instanceof SheetSourceError) throw error;
    throw googleError(error, { id, range, sheetName: req.sheetName ?? "", account });
  }
}

interface GoogleErrorBody {
  error?: { code?: number; message?: string; status?: string; details?: Array<{ reason?: string }>; errors?: Array<{ reason?: string }> };
}

/** Finds a network error code (ECONNREFUSED, ETIMEDOUT, …) in an error and its causes. */
function networkCode(error: unknown): string | undefined {
  for (
    let e = error as { code?: unknown; cause?: unknown; name?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === "string" && /^E[A-Z_]+$|^UND_ERR/.test(e.code)) return e.code;
    if (e.name === "TimeoutError" || e.name === "AbortError") return "ETIMEDOUT";
  }
  return undefined;
}

/** Google's answer → a message the person who can fix it can act on. */
function googleError(error: unknown, ctx: { id: string; range: string; sheetName: string; account?: ServiceAccount }): SheetSourceError {
  const e = error as { status?: number; response?: { status?: number; data?: unknown } };
  const status = e.response?.status ?? e.status;
  const body = (e.response?.data ?? {}) as GoogleErrorBody;
  const googleMessage = body.error?.message ?? "";
  const reasons = [...(body.error?.details ?? []), ...(body.error?.errors ?? [])].map((d) => d.reason ?? "").join(" ");
  const said = googleMessage ? ` Google said: "${googleMessage}"` : "";

  if (!status) {
    const code = networkCode(error) ?? (error instanceof Error ? error.message : "no answer");
    return new SheetSourceError(
      "network",
      `Google Sheets could not be reached (${code}). Check the server's internet access and try again in a few minutes.`,
      { cause: error },
    );
  }
  if (status === 404) {
    return new SheetSourceError(
      "not-found",
      `Google Sheets has no spreadsheet with the Sheet ID "${ctx.id}". Check the Sheet ID in the disease form: it is the long id between /d/ and /edit in the sheet's address.`,
      { cause: error },
    );
  }
  if (/API_KEY_INVALID|API_KEY|SERVICE_DISABLED|accessNotConfigured|keyInvalid/i.test(reasons + " " + googleMessage) || status === 401) {
    logSetUp(
      `Google rejected the server's credentials (HTTP ${status}).${said} Check GOOGLE_API_KEY or GOOGLE_SERVICE_ACCOUNT_JSON and that the Google Sheets API is enabled for that project.`,
    );
    return new SheetSourceError(
      "credentials",
      "Google refused this server's access to Google Sheets, so the sheet was not read. Try again later, or upload the workbook instead.",
      {
        cause: error,
        adminHint: `(Google did not accept the server's Google access (HTTP ${status}): it has to be checked, with the Google Sheets API enabled for it.)`,
      },
    );
  }
  if (status === 403) {
    const shareWith = ctx.account?.client_email ? `, or share it with ${ctx.account.client_email} as Viewer` : "";
    return new SheetSourceError(
      "not-shared",
      `The spreadsheet "${ctx.id}" is not shared for reading. In Google Sheets choose Share → General access → "Anyone with the link" → Viewer${shareWith}.`,
      { cause: error },
    );
  }
  if (status === 400 && /not supported for this document|FAILED_PRECONDITION/i.test(googleMessage + " " + (body.error?.status ?? ""))) {
    return new SheetSourceError(
      "not-a-google-sheet",
      `The file "${ctx.id}" is an uploaded Excel file in Google Drive, not a Google Sheet. Open it and choose File → Save as Google Sheets, then use the new Sheet ID (or upload the .xlsx here).`,
      { cause: error },
    );
  }
  if (status === 400) {
    return new SheetSourceError(
      "bad-range",
      `The spreadsheet has no tab "${ctx.sheetName}" or the range ${ctx.range} is not valid. Check the Sheet Name (the tab's name, exactly as written) and the Headers Range (a cell such as A5).${said}`,
      { cause: error },
    );
  }
  if (status === 429) {
    return new SheetSourceError("rate-limited", "Google Sheets is limiting requests right now. Try again in a minute.", { cause: error });
  }
  return new SheetSourceError("google-error", `Google Sheets answered with an error (HTTP ${status}).${said} Try again in a few minutes.`, {
    cause: error,
  });
}
