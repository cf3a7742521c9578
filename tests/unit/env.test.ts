import { afterEach, describe, expect, test } from "vitest";

import { env } from "~/utils/env.server";

// The environment checked when the server starts (entry.server.tsx), for what issue 24 asks of APP_URL: links in mail
// and feeds come from it alone, so production has no fallback.

const saved = {
  NODE_ENV: process.env.NODE_ENV,
  SESSION_SECRET: process.env.SESSION_SECRET,
  APP_URL: process.env.APP_URL,
  PORT: process.env.PORT,
};
afterEach(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});
const production = (more: Record<string, string | undefined>) => {
  Object.assign(process.env, { NODE_ENV: "production", SESSION_SECRET: "a-production-secret-0123456789", ...more });
  for (const [key, value] of Object.entries(more)) if (value === undefined) delete process.env[key];
  return () => env();
};

describe("APP_URL", () => {
  test("production without it refuses to start, saying what to set and why", () => {
    for (const missing of [undefined, "", "  "]) {
      expect(production({ APP_URL: missing })).toThrow(
        /APP_URL must be set in production.*links in e-mails and calendar feeds are built from it/,
      );
    }
  });

  test("it must be an http(s) address", () => {
    expect(production({ APP_URL: "pharmascope.example" })).toThrow(/APP_URL/);
    expect(production({ APP_URL: "javascript:alert(1)" })).toThrow(/APP_URL/);
    expect(production({ APP_URL: "https://pharmascope.example" })().APP_URL).toBe("https://pharmascope.example");
  });

  test("outside production an unset one is the local server", () => {
    Object.assign(process.env, { NODE_ENV: "development", PORT: "4123" });
    delete process.env.APP_URL;
    expect(env().APP_URL).toBe("http://localhost:4123");
  });
});
