import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";

import { env, ENV_KEYS, schemaDefaults } from "~/utils/env.server";

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

describe("the configuration tables (README's main variables, docs/configuration.md the others)", () => {
  const root = path.resolve(import.meta.dirname, "../..");
  const readme = readFileSync(path.join(root, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## Configuration"), readme.indexOf("\n## ", readme.indexOf("## Configuration") + 1));
  const others = readFileSync(path.join(root, "docs/configuration.md"), "utf8");
  /** The tables' rows: the variables named in the first cell, the default cell. */
  const rows = `${section}\n${others}`
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .map((line) => {
      const [names = "", defaults = ""] = line.split("|").slice(1);
      return { names: [...names.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!), defaults: defaults.trim() };
    });
  // Read outside the checked environment: where the server listens (server.js) and which embedded database the
  // scripts start (scripts/embedded-db.ts, scripts/db/embedded.ts).
  const outside = { HOST: "server.js", EMBEDDED_DB: "scripts/embedded-db.ts", EMBEDDED_DB_PORT: "scripts/db/embedded.ts" };

  test("names every variable the server and the scripts read, and nothing else", () => {
    const named = rows.flatMap((r) => r.names);
    expect(new Set(named).size, "no variable twice").toBe(named.length);
    expect([...named].sort()).toEqual([...ENV_KEYS, ...Object.keys(outside)].sort());
    for (const [name, file] of Object.entries(outside))
      expect(readFileSync(path.join(root, file), "utf8")).toContain(`process.env.${name}`);
  });

  test("gives the defaults the schema applies", () => {
    const { MONGODB_URI: _required, ...defaults } = schemaDefaults() as Record<string, unknown>;
    const plain = (text: string) => text.replace(/`/g, "").replace(/(\d),(?=\d{3})/g, "$1");
    let compared = 0;
    for (const { names, defaults: shown } of rows) {
      // A default given as a value, not in words ("generated into data/session-secret by scripts/demo").
      if (names.length !== 1 || defaults[names[0]!] === undefined || /\s/.test(plain(shown))) continue;
      expect(plain(shown), names[0]).toBe(String(defaults[names[0]!]));
      compared++;
    }
    expect(compared, "single-variable rows with a default were compared").toBeGreaterThan(10);
  });
});
