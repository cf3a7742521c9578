import { spawn } from "node:child_process";
import { mkdtempSync, openSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { request as playwrightRequest } from "@playwright/test";
import mongoose from "mongoose";

import { hashPassword } from "~/utils/password.server";

import { freePort, startEmbeddedDb } from "../../scripts/embedded-db";
import { expect, test } from "./utils";

// The embedded database killed (SIGKILL) in the middle of a burst of writes through the app, then started again:
// every write the app acknowledged is there afterwards; while it is down, pages and the health check answer 503
// (a clean page, never a 500); the app needs nothing from anyone to recover, within 5 s of the database's return.
// Its own database and app server, so the shared ones are not disturbed.

test("a database crash during writes loses no acknowledged write; 503 meanwhile; back within 5 s", async ({ js }) => {
  test.skip(!js, "plain HTTP requests: the same with and without JavaScript");
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "pharmascope-outage-"));
  const dbPort = await freePort();
  let db = await startEmbeddedDb({ engine: "secantus", dataDir, port: dbPort });
  const uri = db.uri("outage");
  const client = await mongoose.mongo.MongoClient.connect(uri);
  const clientId = new mongoose.Types.ObjectId();
  await client.db().collection("clients").insertOne({ _id: clientId, name: "Outage Pharma", status: "active" });
  await client
    .db()
    .collection("users")
    .insertOne({
      name: { first: "Eddie", last: "Editor" },
      email: "editor@outage.test",
      passwordHash: await hashPassword("Outage#Pass2026"),
      role: "editor",
      status: "active",
      permissions: [],
      clients: [clientId],
    });
  await client.close();

  const appPort = await freePort();
  const base = `http://127.0.0.1:${appPort}`;
  const server = spawn(process.execPath, ["server.js"], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: {
      ...process.env,
      MONGODB_URI: uri,
      NODE_ENV: "production",
      SESSION_SECRET: "outage-session-secret-0123456789",
      SECURE_COOKIES: "false",
      PORT: String(appPort),
      HOST: "127.0.0.1",
      APP_URL: base,
    },
    stdio: ["ignore", "ignore", openSync(path.join(dataDir, "server.log"), "a")],
  });
  let passed = false;
  const http = await playwrightRequest.newContext({ baseURL: base, extraHTTPHeaders: { Origin: base } });
  try {
    await expect.poll(async () => (await http.get("/resources/healthz").catch(() => null))?.status(), { timeout: 30_000 }).toBe(200);
    const signedIn = await http.post("/login", { form: { email: "editor@outage.test", password: "Outage#Pass2026" }, maxRedirects: 0 });
    expect(signedIn.status()).toBe(302);
    const areas = `/clients/${clientId}/therapeuticAreas`;

    // Four writers add areas one after another; the database is killed while they run.
    const outcomes: Array<{ name: string; status: number }> = [];
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const name = `Area ${w}-${i}`;
        const response = await http.post(`${areas}/new`, { form: { name }, maxRedirects: 0 });
        outcomes.push({ name, status: response.status() });
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    await expect.poll(() => outcomes.length, { timeout: 30_000 }).toBeGreaterThan(20);
    db.child.kill("SIGKILL");
    await new Promise((resolve) => db.child.once("exit", resolve));

    await expect.poll(async () => (await http.get("/resources/healthz")).status(), { timeout: 15_000 }).toBe(503);
    const page = await http.get(areas);
    expect(page.status()).toBe(503);
    expect(await page.text()).toContain("The service is temporarily unavailable");
    await expect.poll(() => outcomes.filter((o) => o.status === 503).length, { timeout: 15_000 }).toBeGreaterThan(0);

    db = await startEmbeddedDb({ engine: "secantus", dataDir, port: dbPort });
    const back = Date.now();
    await expect.poll(async () => (await http.get("/resources/healthz")).status(), { timeout: 5_000, intervals: [100] }).toBe(200);
    expect(Date.now() - back).toBeLessThan(5_000);
    await expect.poll(async () => (await http.get(areas)).status(), { timeout: 5_000, intervals: [100] }).toBe(200);
    stop = true;
    await Promise.all(writers);

    // Only acknowledgements (a redirect back to the list) and 503s: never a 500.
    expect([...new Set(outcomes.map((o) => o.status))].sort()).toEqual([302, 503]);
    const acknowledged = outcomes.filter((o) => o.status === 302).map((o) => o.name);
    const after = await mongoose.mongo.MongoClient.connect(uri);
    const stored = new Set(
      (await after.db().collection("therapeuticareas").find({ client: clientId }).toArray()).map((a) => a.name as string),
    );
    await after.close();
    expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(20);
    passed = true;
  } finally {
    await http.dispose();
    server.kill("SIGTERM");
    await db.stop();
    if (passed) rmSync(dataDir, { recursive: true, force: true });
    else console.log(`outage test data and server log: ${dataDir}`);
  }
});
