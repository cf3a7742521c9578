import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { afterEach, expect, test, vi } from "vitest";

import { createApp } from "../../server/app.js";
import { build } from "../server-app";

// `npm run dev`: remix dev sets REMIX_DEV_ORIGIN for the server it runs, and the page's live-reload script connects to
// its socket there; the Content-Security-Policy must allow that one socket in development, and nothing more otherwise.

afterEach(() => {
  vi.unstubAllEnvs();
});

async function connectSources() {
  const server = createApp(build).listen(0, "127.0.0.1");
  await once(server, "listening");
  try {
    const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/login`);
    const policy = answer.headers.get("Content-Security-Policy") ?? "";
    return policy.match(/connect-src ([^;]*)/)?.[1];
  } finally {
    server.close();
  }
}

test("under remix dev the page may reach remix dev's socket; otherwise only its own origin", async () => {
  vi.stubEnv("REMIX_DEV_ORIGIN", "http://localhost:3001/");
  vi.stubEnv("NODE_ENV", "development");
  expect(await connectSources()).toBe("'self' ws://localhost:3001");
  vi.stubEnv("NODE_ENV", "production");
  expect(await connectSources()).toBe("'self'");
  vi.unstubAllEnvs();
  expect(await connectSources()).toBe("'self'");
});
