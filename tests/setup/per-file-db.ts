// A fresh database per integration test file: files in one worker run one after another, so dropping at the start of
// each file isolates them; the two workers use different databases.
import { afterAll, beforeAll, inject } from "vitest";

import { connectDb, disconnectDb } from "#db/connection.server";
import { forgetFences } from "~/models/list.server";

const database = `test_${process.env.VITEST_POOL_ID ?? "0"}`;
process.env.MONGODB_URI = `${inject("mongoUrl")}/${database}`;

beforeAll(async () => {
  const mongoose = await connectDb(process.env.MONGODB_URI);
  await mongoose.connection.db!.dropDatabase();
  // The files of a worker share its modules (isolate: false): the list fences it keeps are of the database just dropped.
  forgetFences();
  // createIndexes, not init(): init() runs once per model and process, so after this file's drop a second file in the
  // same worker would run without indexes (and a unique index is behaviour, not only speed).
  await Promise.all(Object.values(mongoose.models).map((model) => model.createIndexes()));
});

afterAll(async () => {
  await disconnectDb();
});
