import { z } from "zod";

const schema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("development"),
  MONGODB_URI: z.string().min(1, "MONGODB_URI is required"),
  SESSION_SECRET: z.string().min(16).default("pharmascope-dev-secret-change-me"),
  /** Sessions last this many days; each sign-in starts a new one. */
  SESSION_DAYS: z.coerce.number().int().positive().default(14),
  /** Secure cookies need HTTPS; true by default in production. */
  SECURE_COOKIES: z.enum(["true", "false"]).optional(),
});

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

/** Validated once at start; a bad environment stops the server with a readable list of problems. */
export function env(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    throw new Error(`Invalid environment:\n${z.prettifyError(parsed.error)}`);
  }
  if (parsed.data.NODE_ENV === "production" && !process.env.SESSION_SECRET) {
    throw new Error("Invalid environment: SESSION_SECRET must be set in production");
  }
  cached = parsed.data;
  return cached;
}

export function secureCookies() {
  const { SECURE_COOKIES, NODE_ENV } = env();
  return SECURE_COOKIES ? SECURE_COOKIES === "true" : NODE_ENV === "production";
}

/** The only values the browser may see. */
export function publicEnv() {
  return { MODE: env().NODE_ENV };
}
