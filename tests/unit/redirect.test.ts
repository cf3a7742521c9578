import { describe, expect, test } from "vitest";
import { safeRedirect } from "~/utils/redirect";

describe("safeRedirect", () => {
  test.each([
    ["/about", "/about"],
    ["/clients/1/therapeuticAreas?x=1", "/clients/1/therapeuticAreas?x=1"],
    ["//evil.test", "/"],
    ["/\\evil.test", "/"],
    ["https://evil.test", "/"],
    ["/login", "/"],
    ["/logout", "/"],
    [null, "/"],
    ["", "/"],
  ])("%s → %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });
});
