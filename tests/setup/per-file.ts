// Every test file, unit or integration: the environment the app reads, and console.error fails the test that caused it.
import { afterEach, vi } from "vitest";

process.env.NODE_ENV = "test";
// Unit tests have no database: an address where none listens satisfies the environment check (integration files set
// their own in per-file-db.ts).
process.env.MONGODB_URI ??= "mongodb://127.0.0.1:9/none";
process.env.SESSION_SECRET ??= "test-secret-at-least-16-chars";
// The public address links in mail and feeds are built from (never from a request's Host).
process.env.APP_URL ??= "http://localhost:3000";

const consoleError = vi.spyOn(console, "error");
afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockClear();
  if (calls.length) throw new Error(`console.error was called:\n${calls.map((c) => c.join(" ")).join("\n")}`);
});
