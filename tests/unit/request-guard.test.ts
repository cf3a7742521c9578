import { describe, expect, test } from "vitest";
import { FORM_MAX_BYTES, refusal } from "../../server/request-guard.js";

// The check every state-changing request passes before a route sees it (server.js). The built server is exercised
// end to end in tests/e2e/security.spec.ts.

const own = ["https://app.example"];
const form = { "content-type": "application/x-www-form-urlencoded" };
const check = (method: string, headers: Record<string, string>) => refusal({ method, headers, ownOrigins: own })?.status ?? null;

describe("request guard", () => {
  test("reads pass whatever their origin", () => {
    for (const method of ["GET", "HEAD", "OPTIONS", "get"]) expect(check(method, { origin: "https://evil.example" })).toBeNull();
  });

  test("a form posted from the app's own pages passes; by Origin, or by Referer when there is no Origin", () => {
    expect(check("POST", { origin: "https://app.example", ...form })).toBeNull();
    expect(check("POST", { referer: "https://app.example/clients/1/therapeuticAreas", ...form })).toBeNull();
    expect(check("POST", { origin: "https://app.example", "content-type": "multipart/form-data; boundary=x" })).toBeNull();
  });

  test.each([
    ["another site", { origin: "https://evil.example" }],
    ["a look-alike host", { origin: "https://app.example.evil.example" }],
    ["another scheme", { origin: "http://app.example" }],
    ["a sandboxed frame (Origin: null)", { origin: "null" }],
    ["a foreign Referer", { referer: "https://evil.example/page" }],
    ["no Origin and no Referer", {}],
  ])("a post from %s is refused with 403", (_, headers) => {
    expect(check("POST", { ...headers, ...form })).toBe(403);
    expect(check("DELETE", { ...headers, ...form })).toBe(403);
  });

  test("a body that is no form is refused with 415, a huge plain form with 413", () => {
    expect(check("POST", { origin: own[0], "content-type": "application/json" })).toBe(415);
    expect(check("POST", { origin: own[0], "content-type": "text/plain" })).toBe(415);
    expect(check("POST", { origin: own[0] })).toBe(415);
    expect(check("POST", { origin: own[0], ...form, "content-length": String(FORM_MAX_BYTES + 1) })).toBe(413);
    expect(check("POST", { origin: own[0], ...form, "content-length": String(FORM_MAX_BYTES) })).toBeNull();
  });
});
