import { expect, test } from "./utils";

// The page's scripts as browsers get them: brotli copies made at build time for browsers that accept brotli (HTTPS),
// gzip on the fly for the others, the same bytes either way, cached for a year under their hashed names.

test("build scripts are served brotli-compressed when accepted, gzip otherwise, with the same content", async ({ request, js }) => {
  test.skip(!js, "plain HTTP requests: the same with and without JavaScript");
  const html = await (await request.get("/login")).text();
  const scripts = [...html.matchAll(/<link rel="modulepreload" href="(\/build\/[^"]+\.js)"/g)].map((m) => m[1]!);
  expect(scripts.length).toBeGreaterThan(3);
  for (const src of scripts) {
    const raw = async (encoding: string) => {
      const response = await request.fetch(src, { headers: { "Accept-Encoding": encoding } });
      expect(response.status(), src).toBe(200);
      return response;
    };
    const br = await raw("gzip, deflate, br");
    expect(br.headers()["content-encoding"], src).toBe("br");
    expect(br.headers()["content-type"]).toMatch(/^text\/javascript/);
    expect(br.headers()["cache-control"]).toContain("immutable");
    expect(br.headers()["vary"]).toMatch(/Accept-Encoding/i);
    const gzip = await raw("gzip");
    expect(gzip.headers()["content-encoding"] ?? "identity", src).not.toBe("br");
    // Playwright decodes both; the decoded scripts are the same file.
    expect((await br.body()).equals(await gzip.body()), src).toBe(true);
  }
});
