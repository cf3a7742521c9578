// A fresh database per test file: files in one worker run one after another, so dropping at the start of each
// file isolates them; the two workers use different databases. console.error fails the test that caused it.
import { afterAll, afterEach, beforeAll, inject, vi } from "vitest";

import { connectDb, disconnectDb } from "#db/connection.server";

const database = `test_${process.env.VITEST_POOL_ID ?? "0"}`;
process.env.MONGODB_URI = `${inject("mongoUrl")}/${database}`;
process.env.NODE_ENV = "test";
process.env.SESSION_SECRET ??= "test-secret-at-least-16-chars";
// The public address links in mail and feeds are built from (never from a request's Host).
process.env.APP_URL ??= "http://localhost:3000";

beforeAll(async () => {
  const mongoose = await connectDb(process.env.MONGODB_URI);
  await mongoose.connection.db!.dropDatabase();
  // createIndexes, not init(): init() runs once per model and process, so after this file's drop a second file in the
  // same worker would run without indexes (and a unique index is behaviour, not only speed).
  await Promise.all(Object.values(mongoose.models).map((model) => model.createIndexes()));
});

afterAll(async () => {
  await disconnectDb();
});

const consoleError = vi.spyOn(console, "error");
afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockClear();
  if (calls.length) throw new Error(`console.error was called:\n${calls.map((c) => c.join(" ")).join("\n")}`);
});
