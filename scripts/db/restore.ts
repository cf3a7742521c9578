// npm run db:restore -- <folder>: replaces the database's collections with those of a backup made by db:backup
// (every collection in the backup is dropped and written again; others are left alone). Stop the app first.
import path from "node:path";

import { withDatabase } from "./embedded";
import { restoreDatabase } from "./transfer";

const from = process.argv[2];
if (!from) {
  console.error("usage: npm run db:restore -- <backup folder>");
  process.exit(2);
}
const manifest = await withDatabase((db) => restoreDatabase(db, path.resolve(from)));
const documents = manifest.collections.reduce((n, c) => n + c.count, 0);
console.log(
  `restore: ${documents} documents in ${manifest.collections.length} collections from ${path.resolve(from)} (backup of ${manifest.createdAt})`,
);
