import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import mongoose from "mongoose";
import { afterAll, describe, expect, test } from "vitest";

import { migrateFromFerretDb } from "../../scripts/db/embedded";
import { freePort, startEmbeddedDb } from "../../scripts/embedded-db";

// The demo's one-time move from the earlier embedded default (FerretDB on SQLite) to SecantusDB: both engines run as
// they would on a user's machine, and everything the old folder held is in the new one, files included.

const tmp = mkdtempSync(path.join(os.tmpdir(), "pharmascope-migrate-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("moving the demo data from FerretDB to SecantusDB", () => {
  test("every document and file is copied; the FerretDB folder is left as it was", { timeout: 120_000 }, async () => {
    const dirs = { from: path.join(tmp, "db"), to: path.join(tmp, "secantus") };
    const old = await startEmbeddedDb({ engine: "ferretdb", dataDir: dirs.from, port: await freePort() });
    const client = await mongoose.mongo.MongoClient.connect(old.uri("pharmascope"));
    const users = Array.from({ length: 1200 }, (_, i) => ({
      email: `user${i}@example.test`,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
    }));
    await client.db().collection("users").insertMany(users);
    await client.db().collection("users").createIndex({ email: 1 }, { unique: true });
    const bucket = new mongoose.mongo.GridFSBucket(client.db(), { bucketName: "files" });
    const bytes = Buffer.alloc(600_000, 7);
    await new Promise((resolve, reject) =>
      bucket
        .openUploadStream("logo.png", { metadata: { purpose: "company-logo" } })
        .once("finish", resolve)
        .once("error", reject)
        .end(bytes),
    );
    await client.close();
    await old.stop();
    const oldFiles = readdirSync(dirs.from).sort();

    await migrateFromFerretDb(() => undefined, dirs);
    expect(existsSync(`${dirs.to}.migrating`)).toBe(false);
    expect(readdirSync(dirs.from).sort()).toEqual(oldFiles);

    const moved = await startEmbeddedDb({ engine: "secantus", dataDir: dirs.to, port: await freePort() });
    const after = await mongoose.mongo.MongoClient.connect(moved.uri("pharmascope"));
    try {
      const db = after.db();
      expect(await db.collection("users").countDocuments()).toBe(1200);
      expect((await db.collection("users").findOne({ email: "user7@example.test" }))?.createdAt).toEqual(users[7]!.createdAt);
      expect((await db.collection("users").listIndexes().toArray()).find((i) => i.name === "email_1")?.unique).toBe(true);
      const [file] = await db.collection("files.files").find({}).toArray();
      expect(file?.metadata).toEqual({ purpose: "company-logo" });
      const read: Buffer[] = [];
      for await (const chunk of new mongoose.mongo.GridFSBucket(db, { bucketName: "files" }).openDownloadStream(file!._id))
        read.push(chunk as Buffer);
      expect(Buffer.concat(read).equals(bytes)).toBe(true);
    } finally {
      await after.close();
      await moved.stop();
    }
  });
});
