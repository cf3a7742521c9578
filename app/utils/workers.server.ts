import { readFileSync } from "node:fs";
import path from "node:path";

type WorkerUrls = Record<string, string>;

let manifest: WorkerUrls | undefined;

/** Names → content-hashed URLs of the workers built by scripts/build-workers.ts (immutable per build; under `npm run dev`
 *  they are rebuilt as their sources change, so the manifest is read afresh). */
export function workerUrls(): WorkerUrls {
  if (process.env.NODE_ENV === "development") manifest = undefined;
  manifest ??= JSON.parse(readFileSync(path.join(process.cwd(), "public/workers/manifest.json"), "utf8")) as WorkerUrls;
  return manifest;
}
