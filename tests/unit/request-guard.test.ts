import { describe, expect, test } from "vitest";

import { refusal } from "../../server/request-guard.js";

// The check every state-changing request passes before a route sees it (server/app.js). The Express stack runs on a
// loopback server in tests/unit/server.test.ts, the built server in tests/e2e/security.spec.ts.

const appOrigin = "https://app.example";
const form = { host: "app.example", "content-type": "application/x-www-form-urlencoded" };
const check = (method: string, headers: Record<string, string>) => refusal({ method, headers, appOrigin })?.status ?? null;

describe("request guard", () => {
  test("reads pass whatever their origin", () => {
    for (const method of ["GET", "HEAD", "OPTIONS", "get"]) expect(check(method, { origin: "https://evil.example" })).toBeNull();
  });

  test("a form posted from the app's own pages passes; by Origin, or by Referer when there is no Origin", () => {
    expect(check("POST", { origin: appOrigin, ...form })).toBeNull();
    expect(check("POST", { referer: "https://app.example/clients/1/therapeuticAreas", ...form })).toBeNull();
    expect(check("POST", { origin: appOrigin, ...form, "content-type": "multipart/form-data; boundary=x" })).toBeNull();
  });

  test.each([
    ["another site", { origin: "https://evil.example" }],
    ["another site that names itself in Host too", { origin: "https://evil.example", host: "evil.example" }],
    ["a look-alike host", { origin: "https://app.example.evil.example" }],
    ["another scheme", { origin: "http://app.example" }],
    ["a sandboxed frame (Origin: null)", { origin: "null" }],
    ["a foreign Referer", { referer: "https://evil.example/page" }],
    ["no Origin and no Referer", {}],
  ])("a post from %s is refused with 403", (_, headers) => {
    expect(check("POST", { ...form, ...headers })).toBe(403);
    expect(check("DELETE", { ...form, ...headers })).toBe(403);
  });

  test("an Origin of ours sent to another host (the one Remix compares it with) is a 400", () => {
    expect(check("POST", { origin: appOrigin, ...form, "x-forwarded-host": "evil.example" })).toBe(400);
    expect(check("POST", { origin: appOrigin, ...form, host: "10.0.0.5:3000" })).toBe(400);
    expect(
      check("POST", { origin: appOrigin, ...form, host: "10.0.0.5:3000", "x-forwarded-host": "app.example, proxy.internal" }),
    ).toBeNull();
    // Without an Origin Remix compares nothing.
    expect(check("POST", { referer: `${appOrigin}/x`, ...form, host: "10.0.0.5:3000" })).toBeNull();
  });

  test("a body that is no form is refused with 415", () => {
    expect(check("POST", { origin: appOrigin, host: form.host, "content-type": "application/json" })).toBe(415);
    expect(check("POST", { origin: appOrigin, host: form.host, "content-type": "text/plain" })).toBe(415);
    expect(check("POST", { origin: appOrigin, host: form.host })).toBe(415);
  });

  test("a digest's unsubscribe address takes the Origin-less one-click post mail providers send (RFC 8058), nothing more", () => {
    const oneClick = (path: string, headers: Record<string, string> = {}) =>
      refusal({ method: "POST", path, headers: { ...form, host: "mx.provider.example", ...headers }, appOrigin })?.status ?? null;
    const path = "/resources/unsubscribe/0123456789abcdef01234567.c2lnbmF0dXJl";
    expect(oneClick(path)).toBeNull();
    expect(oneClick(`q.${path}`.replace("q./", "/"))).toBeNull();
    // A browser's cross-site post names its origin: still refused; so is an Origin-less post anywhere else.
    expect(oneClick(path, { origin: "https://evil.example" })).toBe(403);
    expect(oneClick(path, { origin: "null" })).toBe(403);
    expect(oneClick("/resources/unsubscribe/x/y")).toBe(403);
    expect(oneClick("/news/saved")).toBe(403);
    expect(oneClick(path, { "content-type": "application/json" })).toBe(415);
  });

  test("the integration API's requests (JSON, no Origin, a bearer token) are left to the API, which reads no cookie", () => {
    const api = (path: string, headers: Record<string, string> = {}) =>
      refusal({ method: "POST", path, headers: { host: "api.client.example", "content-type": "application/json", ...headers }, appOrigin })
        ?.status ?? null;
    expect(api("/api/v1/news/search", { authorization: "Bearer psk_x" })).toBeNull();
    expect(api("/api/mcp")).toBeNull();
    // Only under /api/: the same request to a page is still refused.
    expect(api("/news/saved", { authorization: "Bearer psk_x" })).toBe(403);
    expect(api("/apiary")).toBe(403);
  });
});
