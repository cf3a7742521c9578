import { describe, expect, test } from "vitest";

import { httpUrl, safeRedirect } from "~/utils/url";

describe("safeRedirect", () => {
  test.each([
    ["/about", "/about"],
    ["/clients/1/therapeuticAreas?x=1", "/clients/1/therapeuticAreas?x=1"],
    ["/clients/1/therapeuticAreas?x=1#top", "/clients/1/therapeuticAreas?x=1#top"],
    ["/a/../about", "/about"],
    ["//evil.test", "/"],
    ["/\\evil.test", "/"],
    // Browsers drop tabs and line breaks inside an address: these would go to //evil.example.
    ["/\t/evil.example", "/"],
    ["/\n/evil.example", "/"],
    ["/\r\n/evil.example", "/"],
    ["/ /evil.example", "/"],
    ["/%09/evil.example", "/%09/evil.example"],
    ["https://evil.test", "/"],
    ["javascript:alert(1)", "/"],
    ["/login", "/"],
    ["/login?redirectTo=/x", "/"],
    ["/logout", "/"],
    ["/loginsomething", "/loginsomething"],
    [null, "/"],
    ["", "/"],
    [`/${"a".repeat(3000)}`, "/"],
  ])("%j → %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });
});

describe("httpUrl", () => {
  test.each([
    ["https://clinicaltrials.gov/study/NCT01234567", "https://clinicaltrials.gov/study/NCT01234567"],
    [" http://example.com/a ", "http://example.com/a"],
    ["javascript:alert(1)", null],
    ["JavaScript:alert(1)", null],
    ["data:text/html,<script>alert(1)</script>", null],
    ["vbscript:msgbox", null],
    ["NCT01234567", null],
    ["", null],
    [null, null],
  ])("%j → %j", (input, expected) => {
    expect(httpUrl(input)).toBe(expected);
  });
});
