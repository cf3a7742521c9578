import { brotliCompressSync, brotliDecompressSync, constants } from "node:zlib";
import { beforeEach, describe, expect, test } from "vitest";

import { IMAGE_MAX_BYTES } from "#common/constants";

import { FORM_MAX_BYTES } from "../../server/remix.js";
import { APP_URL, formsRead, OWN, STREAMED_CHUNKS, useServerApp } from "../server-app";

// The production server's Express stack (server/app.js: request guard, body limits, caching) on a real loopback
// server, in front of a small Remix app (tests/server-app.ts). What penetration test issue 24 found, one case each.

const { send, stream, upload, writeThenRead } = useServerApp();
const form = { ...OWN, "Content-Type": "application/x-www-form-urlencoded" };
const MB = 1024 * 1024;
beforeEach(() => {
  formsRead.length = 0;
});

describe("cross-site posts are judged by APP_URL, not by the Host the request names", () => {
  test("a post naming the attacker's host in both Host and Origin is refused", async () => {
    const forged = await send("POST", "/forgot-password", {
      headers: { ...form, Host: "evil.example", Origin: "http://evil.example" },
      body: "email=victim%40pharma.example",
    });
    expect(forged.status).toBe(403);
    expect(formsRead).toEqual([]);
  });

  test("posts from APP_URL's pages pass, by Origin or by Referer; health checks by IP and forwarding proxies work", async () => {
    expect((await send("POST", "/login", { headers: form, body: "email=a" })).status).toBe(200);
    const byReferer = { Host: OWN.Host, Referer: `${APP_URL}/login`, "Content-Type": form["Content-Type"] };
    expect((await send("POST", "/login", { headers: byReferer, body: "email=a" })).status).toBe(200);
    // A proxy that forwards to the app's address and says which host was asked.
    expect(
      (await send("POST", "/login", { headers: { ...form, Host: "10.0.0.5:3000", "X-Forwarded-Host": OWN.Host }, body: "email=a" })).status,
    ).toBe(200);
    expect((await send("GET", "/resources/cached", { headers: { Host: "10.0.0.5:3000" } })).status).toBe(200);
    expect(formsRead).toEqual([1, 1, 1]);
  });

  test("a Host or X-Forwarded-Host that disagrees with the Origin is a 400, never Remix's 500", async () => {
    const elsewhere: Record<string, string>[] = [
      { "X-Forwarded-Host": "evil.example" },
      { "X-Forwarded-Host": `evil.example, ${OWN.Host}` },
      { Host: "10.0.0.5:3000" },
    ];
    for (const headers of elsewhere) {
      for (const path of ["/login", "/login.data", "/resources/cached"]) {
        const answer = await send("POST", path, { headers: { ...form, ...headers }, body: "email=a" });
        expect(answer.status, `${path} ${JSON.stringify(headers)}`).toBe(400);
        expect(answer.text).toMatch(/does not match its Origin/);
      }
    }
    expect(formsRead).toEqual([]);
  });
});

describe("a digest's one-click unsubscribe (RFC 8058)", () => {
  test("the post a mail provider sends, with no Origin, reaches the unsubscribe page's action; a cross-site one does not", async () => {
    const provider = { Host: OWN.Host, "Content-Type": "application/x-www-form-urlencoded" };
    const path = "/resources/unsubscribe/0123456789abcdef01234567.c2lnbmF0dXJl";
    expect((await send("POST", path, { headers: provider, body: "List-Unsubscribe=One-Click" })).status).toBe(200);
    expect(formsRead).toEqual([1]);
    expect((await send("POST", path, { headers: { ...provider, Origin: "https://evil.example" }, body: "a=1" })).status).toBe(403);
    expect((await send("POST", "/login", { headers: provider, body: "email=a" })).status).toBe(403);
    expect(formsRead).toEqual([1]);
  });
});

describe("bodies are counted while they stream in, before anything parses them", () => {
  test("a chunked form without Content-Length stops at 1 MB with a 413: the server reads no further", async () => {
    const { status, written } = await stream("/login", form, { head: "email=", size: 64 * MB });
    expect(status).toBe(413);
    // The client could write the 1 MB and what the sockets buffer, not the 64 MB: the server stopped reading.
    expect(written).toBeGreaterThan(FORM_MAX_BYTES);
    expect(written).toBeLessThan(16 * MB);
    expect(formsRead).toEqual([]);
    // The server goes on answering.
    expect((await send("POST", "/login", { headers: form, body: "email=a" })).status).toBe(200);
  });

  test("a declared Content-Length over 1 MB is refused before anything is read", async () => {
    const answer = await send("POST", "/login", { headers: form, body: `email=${"a".repeat(FORM_MAX_BYTES)}` });
    expect(answer.status).toBe(413);
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(formsRead).toEqual([]);
  });

  test("after the 413 the connection lingers: a client still writing is not reset before it reads the answer", async () => {
    // 2 MB of a chunked form in one go, past the 1 MB cap: the server answers with the rest of it unread. Released at
    // once, its socket would reset the connection (RFC 9112 §9.6): this client, which goes on writing before it reads,
    // would find the connection reset.
    const chunk = Buffer.alloc(2 * MB, "a");
    const head = `POST /login HTTP/1.1\r\nHost: ${OWN.Host}\r\nOrigin: ${OWN.Origin}\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n`;
    const { text, reset } = await writeThenRead(
      Buffer.concat([Buffer.from(`${head}${chunk.length.toString(16)}\r\nemail=`), chunk]),
      300,
      chunk,
    );
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(reset).toBe(false);
    expect(formsRead).toEqual([]);
  });

  test("the integration API's JSON is capped the same, and refused as a problem: declared or streamed past 1 MB", async () => {
    const json = { Host: OWN.Host, "Content-Type": "application/json", Authorization: "Bearer psk_x" };
    const declared = await send("POST", "/api/v1/news/search", { headers: json, body: `{"q":"${"a".repeat(FORM_MAX_BYTES)}"}` });
    expect(declared.status).toBe(413);
    expect(declared.headers["content-type"]).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(declared.text)).toMatchObject({ status: 413, detail: "The body is too large (1 MB at most)." });
    const { status, written } = await stream("/api/v1/news/search", json, { head: '{"q":"', size: 64 * MB });
    expect(status).toBe(413);
    expect(written).toBeLessThan(16 * MB);
  });

  test("a multipart form may carry files only to a route that takes them, up to that route's cap", async () => {
    const boundary = "----pharmascope";
    const multipart = { ...OWN, "Content-Type": `multipart/form-data; boundary=${boundary}` };
    const logo = (size: number) => ({
      head: `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nAcme\r\n--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
      size,
      tail: `\r\n--${boundary}--\r\n`,
    });
    // A 3 MB logo reaches the company form (its page and its data request alike) and is read whole.
    expect((await stream("/administration/company/add", multipart, logo(3 * MB))).status).toBe(200);
    expect((await stream("/administration/client/edit/65f0c0ffee0000000000abcd.data", multipart, logo(3 * MB))).status).toBe(200);
    expect(formsRead).toEqual([2, 2]);
    // A file to a route without files, or a larger one than the logo routes take: 413 once past the cap (1 MB; 5 MB
    // and room for the other fields), never read whole.
    for (const [path, cap] of [
      ["/login", FORM_MAX_BYTES],
      ["/administration/company/add", IMAGE_MAX_BYTES + 64 * 1024],
    ] as const) {
      const { status, written } = await stream(path, multipart, logo(64 * MB));
      expect(status, path).toBe(413);
      expect(written, path).toBeGreaterThan(cap);
      expect(written, path).toBeLessThan(cap + 16 * MB);
    }
    expect(formsRead).toEqual([2, 2]);
  });

  test("a body a route refused by its declared length, unread, is read and dropped after the answer: a client that sends it whole gets the answer", async () => {
    // A browser reads the answer only once it has sent its body: 24 MB is more than the sockets buffer.
    const multipart = { ...OWN, "Content-Type": "multipart/form-data; boundary=----pharmascope" };
    expect(await upload("/administration/company/add?refuse", multipart, 24 * MB)).toEqual({ status: 413, sentWhole: true });
    expect(formsRead).toEqual([]);
    // The connection goes on serving.
    expect((await send("POST", "/login", { headers: form, body: "email=a" })).status).toBe(200);
  }, 20_000);
});

describe("compression", () => {
  test("brotli answers are of quality 1 with a 256 KB window, not 4 and 4 MB: each response's encoder holds little memory", async () => {
    const answer = await send("GET", "/resources/large", { headers: { ...OWN, "Accept-Encoding": "br" } });
    expect(answer.headers["content-encoding"]).toBe("br");
    const page = "<tr><td>row</td></tr>".repeat(4000);
    expect(brotliDecompressSync(answer.bytes).toString()).toBe(page);
    // The stream's first bits give its window (RFC 7932 §9.1): 1, then 3 bits n ≠ 0 for 2^(17 + n) bytes.
    const [first] = answer.bytes;
    expect(first! & 1).toBe(1);
    expect(17 + ((first! >> 1) & 7)).toBe(18);
    // The quality shows only in what comes out: a quality-1 encoding of the page (quality 4 makes it a third smaller).
    const encoded = (quality: number) =>
      brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_LGWIN]: 18 } });
    expect(encoded(4).length).toBeLessThan(encoded(1).length);
    expect(answer.bytes).toEqual(encoded(1));
  });

  test("a small answer goes out as it is, with its length: no brotli stream started for a few bytes (issue 26)", async () => {
    const answer = await send("GET", "/resources/cached", { headers: { ...OWN, "Accept-Encoding": "br, gzip" } });
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.headers["transfer-encoding"]).toBeUndefined();
    expect(answer.headers["content-length"]).toBe("4");
    expect(answer.text).toBe("logo");
  });
});

describe("answers", () => {
  test("a long body streamed a chunk a turn arrives whole, and its waits for the client leave no listener behind", async () => {
    const warnings: string[] = [];
    const warned = (warning: Error) => warnings.push(warning.name);
    process.on("warning", warned);
    try {
      const answer = await send("GET", "/resources/streamed", { headers: { Host: OWN.Host } });
      expect(answer.status).toBe(200);
      expect(answer.bytes.length).toBe(STREAMED_CHUNKS * 64 * 1024);
      expect(answer.bytes.every((byte) => byte === 0x20)).toBe(true);
      // Node's warning is emitted on the next turn.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).not.toContain("MaxListenersExceededWarning");
    } finally {
      process.off("warning", warned);
    }
  });
});

describe("caching", () => {
  test("pages and their data answers are never stored; a resource route keeps the caching it sets", async () => {
    for (const path of ["/dashboard", "/dashboard.data", "/_root.data"]) {
      const answer = await send("GET", path, { headers: { Host: OWN.Host } });
      expect(answer.status, path).toBe(200);
      expect(answer.headers["cache-control"], path).toBe("no-store");
    }
    for (const path of ["/clients/1/therapeuticAreas", "/clients/1/therapeuticAreas.data"]) {
      expect((await send("POST", path, { headers: form, body: "name=Neurology" })).headers["cache-control"], path).toBe("no-store");
    }
    expect((await send("GET", "/resources/cached", { headers: { Host: OWN.Host } })).headers["cache-control"]).toBe("private, max-age=60");
  });
});
