// npm run db:backup [-- <folder>]: writes the whole database (GridFS files included) to a folder, by default
// ./backups/pharmascope-<time>. Works against MONGODB_URI or the embedded database, running or not.
import path from "node:path";

import { withDatabase } from "./embedded";
import { dumpDatabase } from "./transfer";

const dir = path.resolve(process.argv[2] ?? `backups/pharmascope-${new Date().toISOString().replace(/[:.]/g, "-")}`);
const manifest = await withDatabase((db) => dumpDatabase(db, dir));
const documents = manifest.collections.reduce((n, c) => n + c.count, 0);
console.log(`backup: ${documents} documents in ${manifest.collections.length} collections written to ${dir}`);
