import { isObjectId } from "#common/ids";
import { connectDb, trusted } from "#db/connection.server";
import { ImportRun, type ImportKind } from "#db/models/import-run.server";
import type { SessionUser } from "~/utils/session.server";

// Spreadsheet imports (admin-console §5): a run is its uploader's, from the preview to the report. While one is being
// applied its progress is written to it, so the page (on any app server) can show how far it got.

const DAY = 24 * 3600 * 1000;
/** An import that has not written progress for this long was interrupted (its server stopped): it may be run again —
 *  safely, as rows already written are then found unchanged. */
const STALLED_AFTER_MS = 2 * 60 * 1000;

export async function createImportRun({
  user,
  kind,
  filename,
  rows,
}: {
  user: SessionUser;
  kind: ImportKind;
  filename: string;
  rows: string[][];
}) {
  await connectDb();
  // Yesterday's runs, applied or abandoned, go: their rows are no one's business any more.
  await ImportRun.deleteMany({ createdAt: trusted({ $lt: new Date(Date.now() - DAY) }) });
  const run = await ImportRun.create({
    kind,
    user: user._id,
    filename,
    rows: rows.map((row) => JSON.stringify(row)),
    total: Math.max(rows.length - 1, 0),
  });
  return String(run._id);
}

/** The user's own run of that kind, or null (another's, an unknown id, a removed run). */
export async function findImportRun({
  user,
  kind,
  id,
  withRows = false,
}: {
  user: SessionUser;
  kind: ImportKind;
  id: string | undefined;
  withRows?: boolean;
}) {
  if (!isObjectId(id)) return null;
  await connectDb();
  const run = await ImportRun.findOne({ _id: id, user: user._id, kind })
    .select(`kind filename state done total result updatedAt${withRows ? " rows" : ""}`)
    .lean();
  return run ? { ...run, rows: (run.rows ?? []).map((row) => JSON.parse(row) as string[]) } : null;
}
export type FoundImportRun = NonNullable<Awaited<ReturnType<typeof findImportRun>>>;

/** Whether an import being applied has stopped writing its progress: its server stopped; it may be resumed. */
export const isStalled = (run: { state?: string | null; updatedAt?: Date | null }) =>
  run.state === "importing" && (run.updatedAt?.getTime() ?? 0) < Date.now() - STALLED_AFTER_MS;

/** Takes the run for applying: a previewed one, or one whose import stalled. Null when another request has it. */
export async function claimImportRun(run: FoundImportRun) {
  await connectDb();
  const stalled = new Date(Date.now() - STALLED_AFTER_MS);
  const { modifiedCount } = await ImportRun.updateOne(
    { _id: run._id, $or: [{ state: "preview" }, { state: "importing", updatedAt: trusted({ $lt: stalled }) }] },
    { $set: { state: "importing", done: 0 } },
  );
  return modifiedCount === 1;
}

export async function recordImportProgress(id: unknown, done: number) {
  await ImportRun.updateOne({ _id: id }, { $set: { done } });
}

/** An import that failed goes back to its preview. */
export async function releaseImportRun(id: unknown) {
  await ImportRun.updateOne({ _id: id }, { $set: { state: "preview", done: 0 } });
}

export async function finishImportRun(
  id: unknown,
  result: {
    created: number;
    updated: number;
    unchanged: number;
    refused: number;
    problems: Array<{ row: number; name: string; column: string; message: string }>;
  },
) {
  await ImportRun.updateOne(
    { _id: id },
    { $set: { state: "done", done: result.created + result.updated + result.unchanged + result.refused, result }, $unset: { rows: 1 } },
  );
}

/** How far a run is, for the page's progress bar. */
export async function importProgress({ user, id }: { user: SessionUser; id: string | undefined }) {
  if (!isObjectId(id)) return null;
  await connectDb();
  const run = await ImportRun.findOne({ _id: id, user: user._id }).select("state done total").lean();
  return run ? { state: run.state, done: run.done, total: run.total } : null;
}
