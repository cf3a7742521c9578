// Moving a whole database through the MongoDB driver, for any engine: copy one into another (the one-time move from
// FerretDB to SecantusDB), or write it to a backup folder and read it back. Every collection goes, GridFS files
// (files.files, files.chunks) included, with its indexes; counts are checked at the end, so nothing is lost silently.
// Backups are one gzipped file of canonical extended JSON lines per collection (types kept exactly: ObjectIds, dates,
// binary chunks) and a manifest.json with the counts and indexes.
import { createReadStream, createWriteStream, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import mongoose from "mongoose";

type Db = mongoose.mongo.Db;
type Doc = mongoose.mongo.Document;
const { EJSON } = mongoose.mongo.BSON;
const BATCH = 500;

interface CollectionInfo {
  name: string;
  count: number;
  indexes: Array<{ key: Doc; name: string } & Doc>;
}
export interface Manifest {
  database: string;
  createdAt: string;
  collections: CollectionInfo[];
}

async function collectionsOf(db: Db): Promise<CollectionInfo[]> {
  const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name).filter((n) => !n.startsWith("system."));
  return Promise.all(
    names.sort().map(async (name) => ({
      name,
      count: await db.collection(name).countDocuments({}),
      indexes: (await db.collection(name).listIndexes().toArray()).filter((i) => i.name !== "_id_") as CollectionInfo["indexes"],
    })),
  );
}

async function createIndexes(db: Db, info: CollectionInfo) {
  for (const { key, name, v: _v, ns: _ns, ...options } of info.indexes)
    await db.collection(info.name).createIndex(key, { ...options, name });
}

/** Writes documents in batches; returns how many. */
async function insertAll(db: Db, name: string, docs: AsyncIterable<Doc>) {
  let batch: Doc[] = [];
  let written = 0;
  const flush = async () => {
    if (batch.length) await db.collection(name).insertMany(batch, { ordered: true });
    written += batch.length;
    batch = [];
  };
  for await (const doc of docs) {
    batch.push(doc);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return written;
}

function expectCount(name: string, expected: number, actual: number) {
  if (expected !== actual) throw new Error(`${name}: ${expected} documents expected, ${actual} written`);
}

/** Copies every collection of `source` into `target` (which should be empty), with its indexes. */
export async function copyDatabase(source: Db, target: Db) {
  const collections = await collectionsOf(source);
  for (const info of collections) {
    await target.createCollection(info.name).catch(() => undefined);
    const written = await insertAll(target, info.name, source.collection(info.name).find({}).sort({ _id: 1 }));
    expectCount(info.name, info.count, written);
    await createIndexes(target, info);
  }
  return collections;
}

/** Writes every collection of `db` to `dir` (created), with a manifest. */
export async function dumpDatabase(db: Db, dir: string): Promise<Manifest> {
  mkdirSync(dir, { recursive: true });
  const collections = await collectionsOf(db);
  for (const info of collections) {
    const lines = (async function* () {
      for await (const doc of db.collection(info.name).find({}).sort({ _id: 1 })) yield `${EJSON.stringify(doc, { relaxed: false })}\n`;
    })();
    await pipeline(lines, createGzip(), createWriteStream(path.join(dir, `${info.name}.jsonl.gz`)));
  }
  const manifest: Manifest = { database: db.databaseName, createdAt: new Date().toISOString(), collections };
  writeFileSync(path.join(dir, "manifest.json"), JSON.stringify(manifest, null, 2));
  return manifest;
}

/** Replaces the collections of `db` with those of the backup in `dir`. */
export async function restoreDatabase(db: Db, dir: string): Promise<Manifest> {
  const manifest = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")) as Manifest;
  for (const info of manifest.collections) {
    await db
      .collection(info.name)
      .drop()
      .catch(() => undefined);
    await db.createCollection(info.name);
    const lines = createInterface({
      input: createReadStream(path.join(dir, `${info.name}.jsonl.gz`)).pipe(createGunzip()),
      crlfDelay: Infinity,
    });
    const docs = (async function* () {
      for await (const line of lines) if (line) yield EJSON.parse(line, { relaxed: false }) as Doc;
    })();
    expectCount(info.name, info.count, await insertAll(db, info.name, docs));
    await createIndexes(db, info);
  }
  return manifest;
}
