import { z } from "zod";

// Limits and Google access for the sheet sources, read from the environment on each use (cheap, and tests can
// change them). All sizes are bytes.
const unsetWhenEmpty = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const optionalText = z.preprocess(unsetWhenEmpty, z.string().trim().min(1).optional());

const schema = z.object({
  /** Google Sheets API key: enough for sheets shared "Anyone with the link can view" (user-app §2). */
  GOOGLE_API_KEY: optionalText,
  /** Service-account credentials JSON (the key file's content); sheets may then be shared with its email. */
  GOOGLE_SERVICE_ACCOUNT_JSON: optionalText,
  /** Points the client elsewhere (tests, proxies); default https://sheets.googleapis.com/. */
  GOOGLE_SHEETS_ROOT_URL: z.preprocess(unsetWhenEmpty, z.url().optional()),
  GOOGLE_SHEETS_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /** Uploaded workbooks: the file itself. */
  SHEET_UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(20 * 1024 * 1024),
  /** .xlsx zip pre-check, from the central directory only. */
  SHEET_ZIP_MAX_ENTRIES: z.coerce.number().int().positive().default(2_000),
  SHEET_ZIP_MAX_UNPACKED_BYTES: z.coerce.number().int().positive().default(200 * 1024 * 1024),
  SHEET_ZIP_MAX_RATIO: z.coerce.number().positive().default(200),
  /** Rows and columns kept from a sheet (below the header row, from the first column). */
  SHEET_MAX_ROWS: z.coerce.number().int().positive().default(200_000),
  /** Rows per cache chunk document. */
  SHEET_CACHE_CHUNK_ROWS: z.coerce.number().int().positive().default(2_000),
});

export type SheetConfig = z.infer<typeof schema>;

export function sheetConfig(): SheetConfig {
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) throw new Error(`Invalid sheet settings in the environment:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
