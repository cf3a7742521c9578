import { z } from "zod";

// The environment, in one schema (README "Configuration"), checked when the server starts (entry.server.tsx): a bad
// value stops it with a readable list of problems instead of failing on first use. server.js reads its own few
// (PORT, HOST, TRUST_PROXY, WEB_CONCURRENCY) and db/connection.server.ts reads MONGODB_URI and SLOW_QUERY_MS below the app layer;
// they are checked here too.

const unsetWhenEmpty = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const optionalText = z.preprocess(unsetWhenEmpty, z.string().trim().min(1).optional());
const optionalUrl = z.preprocess(unsetWhenEmpty, z.url().optional());
const count = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const schema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("development"),
  MONGODB_URI: z.string().min(1, "MONGODB_URI is required"),
  SLOW_QUERY_MS: count(250),
  SESSION_SECRET: z.string().min(16).default("pharmascope-dev-secret-change-me"),
  /** Sessions last this many days; each sign-in starts a new one. */
  SESSION_DAYS: count(14),
  /** Secure cookies need HTTPS; true by default in production. */
  SECURE_COOKIES: z.enum(["true", "false"]).optional(),
  TRUST_PROXY: z.enum(["true", "false"]).optional(),
  PORT: count(3000),
  /** Processes server.js runs, sharing the port (node:cluster): one a core. */
  WEB_CONCURRENCY: count(1),

  /** The app's public address: every link in mail and calendar feeds is built from it (never from a request's Host
   *  header, which the caller chooses), and posts are accepted only from its origin. Required in production; else
   *  http://localhost:PORT. */
  APP_URL: z.preprocess(unsetWhenEmpty, z.url({ protocol: /^https?$/ }).optional()),
  /** smtp://user:pass@host:587; without it mail is written to MAIL_OUTBOX as .eml files. */
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default("Pharmascope <no-reply@pharmascope.test>"),
  MAIL_OUTBOX: z.string().default("data/outbox"),

  /** Requests a minute each integration API token may make (/api/v1 and /api/mcp); past it, 429 until the minute ends. */
  API_RATE_LIMIT_PER_MINUTE: count(600),

  /** Background jobs (keyword monitoring, digests) in this process: "on" (default) or "off" (a web-only server; run
   *  `npm run worker` elsewhere). Every process that has them on shares one schedule, kept in MongoDB. */
  SCHEDULER: z.enum(["on", "off"]).default("on"),
  /** How often each process looks for due jobs (seconds). */
  SCHEDULER_POLL_SECONDS: count(30),
  /** How often the monitoring job looks for sources due a run (seconds); each source has its own interval. */
  MONITOR_TICK_SECONDS: count(60),
  /** Due saved-search and editors' digests are sent this often (minutes). */
  DIGEST_INTERVAL_MINUTES: count(15),
  /** Keyword monitoring: each request's timeout, and the largest feed read. */
  MONITOR_TIMEOUT_MS: count(20_000),
  MONITOR_FEED_MAX_BYTES: count(5 * 1024 * 1024),
  /** Feeds on loopback or private networks are refused unless this is "true" (an intranet feed; tests). */
  MONITOR_ALLOW_PRIVATE_HOSTS: z.enum(["true", "false"]).default("false"),
  /** NCBI E-utilities (PubMed): where they are, and the API key that raises the limit from 3 to 10 requests a second. */
  PUBMED_BASE_URL: z.url().default("https://eutils.ncbi.nlm.nih.gov/entrez/eutils/"),
  NCBI_API_KEY: optionalText,
  /** A contact address NCBI asks tools to send (the `email` parameter). */
  NCBI_EMAIL: optionalText,

  /** Google Sheets API key: enough for sheets shared "Anyone with the link can view" (user-app §2). */
  GOOGLE_API_KEY: optionalText,
  /** Service-account credentials JSON (the key file's content); sheets may then be shared with its email. */
  GOOGLE_SERVICE_ACCOUNT_JSON: optionalText,
  /** Points the client elsewhere (tests, proxies); default https://sheets.googleapis.com/. */
  GOOGLE_SHEETS_ROOT_URL: optionalUrl,
  GOOGLE_SHEETS_TIMEOUT_MS: count(15_000),
  /** Uploaded workbooks: the file itself (bytes). */
  SHEET_UPLOAD_MAX_BYTES: count(20 * 1024 * 1024),
  /** .xlsx zip pre-check, from the central directory only. */
  SHEET_ZIP_MAX_ENTRIES: count(2_000),
  SHEET_ZIP_MAX_UNPACKED_BYTES: count(200 * 1024 * 1024),
  SHEET_ZIP_MAX_RATIO: z.coerce.number().positive().default(200),
  /** Rows kept from a sheet below the header row. */
  SHEET_MAX_ROWS: count(200_000),
  /** Rows per cache chunk document. */
  SHEET_CACHE_CHUNK_ROWS: count(2_000),

  /** ClinicalTrials.gov (trial import, issue 15): where its API v2 is (tests and proxies point it elsewhere). */
  CTGOV_BASE_URL: z.url().default("https://clinicaltrials.gov"),
  /** At least this long between two requests to it, from all app servers together (kept in the database). */
  CTGOV_MIN_INTERVAL_MS: z.coerce.number().int().min(0).default(1_000),
  /** The first retry's wait after a 429, a 5xx or a network error; it doubles with each further attempt. */
  CTGOV_RETRY_BASE_MS: z.coerce.number().int().min(0).default(2_000),
  CTGOV_TIMEOUT_MS: count(30_000),
  /** How long a connection to it may take before it counts as unreachable (not retried: the admin is waiting). */
  CTGOV_CONNECT_TIMEOUT_MS: count(5_000),
});

type Env = Omit<z.infer<typeof schema>, "APP_URL"> & { APP_URL: string };
/** The limits and Google access of the sheet sources. */
export type SheetConfig = Pick<Env, Extract<keyof Env, `SHEET_${string}` | "GOOGLE_SHEETS_TIMEOUT_MS">> &
  Partial<Pick<Env, `GOOGLE_${string}` & keyof Env>>;

/** Every variable the schema reads, and what each is when unset: the README's configuration table lists them with
 *  these defaults (tests/unit/env.test.ts). */
export const ENV_KEYS = Object.keys(schema.shape) as Array<keyof Env>;
export const schemaDefaults = () => schema.parse({ MONGODB_URI: "mongodb://unset" });

let cached: { key: string; env: Env } | undefined;

/** The validated environment. Parsed again only when a value changed (tests change a few between cases). */
export function env(): Env {
  const key = JSON.stringify(ENV_KEYS.map((k) => process.env[k] ?? null));
  if (cached?.key === key) return cached.env;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) throw new Error(`Invalid environment:\n${z.prettifyError(parsed.error)}`);
  const { NODE_ENV, APP_URL, PORT } = parsed.data;
  if (NODE_ENV === "production" && !process.env.SESSION_SECRET) {
    throw new Error("Invalid environment: SESSION_SECRET must be set in production");
  }
  if (NODE_ENV === "production" && !APP_URL) {
    throw new Error(
      "Invalid environment: APP_URL must be set in production to the app's public address (e.g. https://pharmascope.example.com): links in e-mails and calendar feeds are built from it, and posts are accepted only from its origin",
    );
  }
  cached = { key, env: { ...parsed.data, APP_URL: APP_URL ?? `http://localhost:${PORT}` } };
  return cached.env;
}

export const sheetConfig = (): SheetConfig => env();

/** The ClinicalTrials.gov client's settings. */
export type RegistryConfig = Pick<Env, Extract<keyof Env, `CTGOV_${string}`>>;
export const registryConfig = (): RegistryConfig => env();

export function secureCookies() {
  const { SECURE_COOKIES, NODE_ENV } = env();
  return SECURE_COOKIES ? SECURE_COOKIES === "true" : NODE_ENV === "production";
}

/** The app's cookies (the session's, the toasts'): signed, out of reach of scripts, sent on same-site navigations. */
export const appCookie = (name: string) => ({
  name,
  httpOnly: true,
  sameSite: "lax" as const,
  path: "/",
  secure: secureCookies(),
  secrets: [env().SESSION_SECRET],
});

/** The only values the browser may see. */
export function publicEnv() {
  return { MODE: env().NODE_ENV };
}
