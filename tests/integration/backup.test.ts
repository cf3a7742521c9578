import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import mongoose from "mongoose";
import { afterAll, describe, expect, test } from "vitest";

import { copyDatabase, dumpDatabase, restoreDatabase } from "../../scripts/db/transfer";
import { seed } from "../../scripts/seed/seed.server";

// npm run db:backup / db:restore and the one-time move between engines: the demo data goes out and comes back (or
// across) with every document identical, GridFS files and the sheets' versions included.

const EJSON = mongoose.mongo.BSON.EJSON;
const tmp = mkdtempSync(path.join(os.tmpdir(), "pharmascope-backup-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Every document of every collection, in _id order, as canonical extended JSON. */
async function snapshot(db: mongoose.mongo.Db) {
  const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name).sort();
  const out: Record<string, string[]> = {};
  for (const name of names)
    out[name] = (await db.collection(name).find({}).sort({ _id: 1 }).toArray()).map((d) => EJSON.stringify(d, { relaxed: false }));
  return out;
}

describe("backup and restore", () => {
  test(
    "the demo data round-trips through a backup folder, and copies into another database, document for document",
    { timeout: 180_000 },
    async () => {
      await seed();
      const db = mongoose.connection.db!;
      const before = await snapshot(db);
      // (The sheets' versions with them: issue 30. The demo's sheets each fit in one chunk, which their sheet cache's
      // header holds, so the demo has no sheetcachechunks.)
      expect(Object.keys(before)).toEqual(
        expect.arrayContaining(["users", "news", "files.files", "files.chunks", "sheetcaches", "sheetversions"]),
      );
      expect(before.sheetcaches!.some((header) => header.includes('"inline":{"$binary"'))).toBe(true);
      expect(before.sheetversions!.length).toBeGreaterThan(0);
      expect(before["files.chunks"]!.length).toBeGreaterThan(100);

      const manifest = await dumpDatabase(db, path.join(tmp, "backup"));
      expect(manifest.collections.find((c) => c.name === "news")?.count).toBe(before.news!.length);
      const restored = mongoose.connection.getClient().db(`${db.databaseName}_restored`);
      await restoreDatabase(restored, path.join(tmp, "backup"));
      expect(await snapshot(restored)).toEqual(before);
      expect((await restored.collection("users").listIndexes().toArray()).map((i) => i.name)).toContain("email_1");

      // Restoring again replaces, it does not add.
      await restoreDatabase(restored, path.join(tmp, "backup"));
      expect((await snapshot(restored)).news).toEqual(before.news);

      const copied = mongoose.connection.getClient().db(`${db.databaseName}_copied`);
      await copyDatabase(db, copied);
      expect(await snapshot(copied)).toEqual(before);
      await Promise.all([restored.dropDatabase(), copied.dropDatabase()]);
    },
  );
});
