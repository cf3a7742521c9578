import { describe, expect, test } from "vitest";

import { isUnreachable } from "#db/connection.server";

// What becomes a 503 "temporarily unavailable" instead of a 500: the database out of reach, however the driver says so.
describe("an unreachable database", () => {
  const named = (name: string, message = "x") => Object.assign(new Error(message), { name });
  const coded = (code: string) => Object.assign(new Error("This socket has been ended by the other party"), { code });

  test("the driver's network and selection errors, Node's socket errors, and either as a cause", () => {
    for (const error of [
      named("MongoNetworkError"),
      named("MongoServerSelectionError"),
      named("MongoPoolClearedError"),
      coded("EPIPE"),
      coded("ECONNRESET"),
      coded("ECONNREFUSED"),
    ])
      expect(isUnreachable(error), String((error as { code?: string }).code ?? error.name)).toBe(true);
    expect(isUnreachable(Object.assign(new Error("wrapped"), { cause: coded("EPIPE") }))).toBe(true);
    expect(isUnreachable(named("MongooseError", "Operation `users.findOne()` buffering timed out after 10000ms"))).toBe(true);
  });

  test("anything else stays an error of its own", () => {
    for (const error of [
      new Error("boom"),
      named("ValidationError"),
      named("MongoServerError", "E11000 duplicate key"),
      coded("ENOENT"),
      null,
      undefined,
    ])
      expect(isUnreachable(error)).toBe(false);
  });
});
