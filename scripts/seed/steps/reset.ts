// Step 0: empty what the seed fills.
import mongoose, { type Model } from "mongoose";

import {
  AuditLog,
  Client,
  Company,
  Compound,
  DeletedUser,
  Disease,
  DiseaseFollow,
  EditorsDigest,
  Event,
  ImportRun,
  Keyword,
  ListFence,
  MonitorSource,
  News,
  PasswordReset,
  Session,
  StoredFile,
  TherapeuticArea,
  Trial,
  User,
} from "#db/models/index.server";
import { RateLimit } from "#db/models/rate-limit.server";
import { SheetVersion } from "#db/models/sheet-version.server";

type AnyModel = Model<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const MODELS: AnyModel[] = [
  AuditLog,
  Client,
  TherapeuticArea,
  Disease,
  Company,
  Compound,
  Keyword,
  Event,
  Trial,
  News,
  User,
  DeletedUser,
  ListFence,
  ImportRun,
  Session,
  PasswordReset,
  RateLimit,
  StoredFile,
  MonitorSource,
  EditorsDigest,
  SheetVersion,
  DiseaseFollow,
];

/** Drops what the seed fills (sessions, reset tokens, rate-limit counters, deleted users, list fences and imports too: they
 *  belong to the old data). */
export async function resetCollections(warnings: string[]) {
  const db = mongoose.connection.db;
  if (!db) throw new Error("not connected: call connectDb() before seed()");
  // Let the automatic index builds finish first so they do not race the drops below.
  await Promise.allSettled(MODELS.map((m) => m.init()));
  const drop = (name: string) =>
    db.dropCollection(name).catch((error: { code?: number; codeName?: string }) => {
      if (error.code !== 26 && error.codeName !== "NamespaceNotFound") throw error;
    });
  await Promise.all([...MODELS.map((m) => drop(m.collection.collectionName)), drop("files.chunks")]);
  for (const model of MODELS) {
    await model.createCollection();
    await model.createIndexes().catch((error: Error) => warnings.push(`${model.modelName} indexes: ${error.message}`));
  }
}
