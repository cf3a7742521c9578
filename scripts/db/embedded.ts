// Where the scripts find the database: MONGODB_URI, else the embedded engine's data folder under ./data (SecantusDB:
// ./data/secantus; FerretDB: ./data/db), started here or — when the demo already runs it — reached on its port.
import { existsSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import mongoose from "mongoose";

import { canConnect, embeddedEngine, freePort, startEmbeddedDb, type EmbeddedDb, type Engine } from "../embedded-db";
import { copyDatabase } from "./transfer";

const root = path.resolve(import.meta.dirname, "../..");
export const DATA_DIR = path.join(root, "data");
export const DATABASE = "pharmascope";
export const EMBEDDED_PORT = Number(process.env.EMBEDDED_DB_PORT ?? 27018);
export const dataDirOf = (engine: Engine) => path.join(DATA_DIR, engine === "secantus" ? "secantus" : "db");

/** Starts the embedded engine on its data folder at `port`. */
export function startDataDb(port = EMBEDDED_PORT, engine = embeddedEngine()): Promise<EmbeddedDb> {
  return startEmbeddedDb({ engine, dataDir: dataDirOf(engine), port });
}

/** Runs `work` against the app's database: MONGODB_URI, the running demo's embedded one, or one started for it. */
export async function withDatabase<T>(work: (db: mongoose.mongo.Db) => Promise<T>): Promise<T> {
  let uri = process.env.MONGODB_URI;
  let started: EmbeddedDb | undefined;
  if (!uri) {
    if (!(await canConnect(EMBEDDED_PORT))) started = await startDataDb();
    uri = `mongodb://127.0.0.1:${started?.port ?? EMBEDDED_PORT}/${DATABASE}`;
  }
  const client = await mongoose.mongo.MongoClient.connect(uri);
  try {
    return await work(client.db());
  } finally {
    await client.close();
    await started?.stop();
  }
}

/** The earlier default's data (FerretDB's SQLite files in ./data/db) with no SecantusDB data beside it yet. */
export function hasFerretDbDataOnly() {
  const ferret = dataDirOf("ferretdb");
  return existsSync(ferret) && readdirSync(ferret).some((f) => f.endsWith(".sqlite")) && !existsSync(dataDirOf("secantus"));
}

/**
 * Copies the FerretDB data into a new SecantusDB data folder, once, through the driver, and checks every count. The
 * FerretDB folder stays as it was (the demo says so): nothing is deleted here. A copy that fails leaves no SecantusDB
 * folder behind, so the next start tries again.
 */
export async function migrateFromFerretDb(log: (line: string) => void, dirs = { from: dataDirOf("ferretdb"), to: dataDirOf("secantus") }) {
  const target = dirs.to;
  const staging = `${target}.migrating`;
  rmSync(staging, { recursive: true, force: true });
  const [from, to] = await Promise.all([
    startEmbeddedDb({ engine: "ferretdb", dataDir: dirs.from, port: await freePort() }),
    startEmbeddedDb({ engine: "secantus", dataDir: staging, port: await freePort() }),
  ]);
  const [source, sink] = await Promise.all([
    mongoose.mongo.MongoClient.connect(from.uri(DATABASE)),
    mongoose.mongo.MongoClient.connect(to.uri(DATABASE)),
  ]);
  try {
    const collections = await copyDatabase(source.db(), sink.db());
    log(
      `copied ${collections.reduce((n, c) => n + c.count, 0)} documents in ${collections.length} collections from FerretDB (./data/db) to SecantusDB`,
    );
  } finally {
    await Promise.all([source.close(), sink.close()]);
    await Promise.all([from.stop(), to.stop()]);
  }
  renameSync(staging, target);
}
