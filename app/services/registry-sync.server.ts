import { REGISTRY_SYNC_BUSY, UNEXPECTED_ERROR } from "#common/messages";
import {
  claimRegistrySync,
  createRegistrySync,
  failRegistrySync,
  finishRegistrySync,
  registrySyncForRun,
  writeStudies,
  type SyncTarget,
  type TrialReport,
} from "~/models/registry.server";
import type { ReportProgress } from "~/models/task-progress.server";
import { fetchStudies, RegistryError } from "~/utils/registry/ctgov.server";
import { NCT_ID, queryOf, type RegistryQuery } from "~/utils/registry/query";
import { trialValuesOfStudy } from "~/utils/registry/study";
import type { SessionUser } from "~/utils/session.server";

// One run of a ClinicalTrials.gov import (issue 15): every page read, then the studies written. A first import is
// saved only once the registry has answered (issue 28), so a failed attempt never shows under "Saved imports", not even
// while it waits. A later run asks only for studies updated on or after the day of the last successful one (the
// registry's LastUpdatePostDate is a day; the same day is asked again, so a study updated later that day is not
// missed, and one seen twice is found unchanged). The run happens within the request: an import is capped at
// MAX_STUDIES studies, a few requests a second apart (docs/decisions/014-trial-registry.md); meanwhile it reports its
// progress (asking, pages read, trials saved) for the page that sent it to show (app/models/task-progress.server.ts).

// What the page's progress bar says meanwhile.
const ASKING = "Asking ClinicalTrials.gov";
const READING = "Reading studies from ClinicalTrials.gov";
const SAVING = "Saving trials";
/** Saving is reported every this many trials (a progress write each; a trial takes a few milliseconds). */
const SAVED_STEP = 20;

export type SyncRun = { ok: true; trials: TrialReport[] } | { ok: false; message: string };

const failure = (error: unknown) => {
  if (!(error instanceof RegistryError)) console.warn("registry sync failed", error);
  return error instanceof RegistryError ? error.message : UNEXPECTED_ERROR;
};

/** The query's studies (updated since `updatedSince`), mapped onto trials; throws a RegistryError when unreadable. */
async function readStudies(query: RegistryQuery, updatedSince: string | null | undefined, report: ReportProgress) {
  await report({ stage: ASKING, done: 0, total: 0 });
  const studies = (await fetchStudies(query, updatedSince, (done, total) => report({ stage: READING, done, total }))).map(
    trialValuesOfStudy,
  );
  const valid = studies.filter((s) => NCT_ID.test(s.trialIdentifier) && s.eventTitle);
  const refused: TrialReport[] = studies
    .filter((s) => !valid.includes(s))
    .map((s) => ({
      nctId: s.trialIdentifier,
      title: s.eventTitle,
      outcome: "failed",
      message: s.eventTitle ? "The registry gave no valid NCT id." : "The registry gave no title.",
    }));
  // NCT ids asked for that the registry does not have (a later run asks only for updated studies: none is missing).
  const returned = new Set(studies.map((s) => s.trialIdentifier));
  const missing: TrialReport[] = updatedSince
    ? []
    : query.ids
        .filter((id) => !returned.has(id))
        .map((nctId) => ({ nctId, title: "", outcome: "failed", message: "Not found on ClinicalTrials.gov." }));
  return { valid, reports: [...refused, ...missing] };
}

type Sync = { _id: unknown; client: unknown; therapeuticArea: unknown; disease: unknown; compound?: unknown };

/** Writes what a run read into the sync's disease and records the run. */
async function writeRun(
  sync: Sync,
  read: Awaited<ReturnType<typeof readStudies>>,
  startedAt: Date,
  report: ReportProgress,
): Promise<SyncRun> {
  const target = {
    client: String(sync.client),
    therapeuticArea: String(sync.therapeuticArea),
    disease: String(sync.disease),
    compound: sync.compound ? String(sync.compound) : null,
  };
  const total = read.valid.length;
  const written = await writeStudies({
    target,
    studies: read.valid,
    seenAt: startedAt,
    onWritten: async (done) => {
      if (done % SAVED_STEP === 0) await report({ stage: SAVING, done, total });
    },
  });
  const trials = [...written, ...read.reports];
  await finishRegistrySync(sync._id, { startedAt, trials });
  return { ok: true, trials };
}

/** A new import: the registry asked first; saved (and its trials written) only when it answered. */
export async function firstRegistryImport({
  user,
  target,
  query,
  report,
}: {
  user: SessionUser;
  target: SyncTarget;
  query: RegistryQuery;
  report: ReportProgress;
}): Promise<{ ok: true; id: string } | { ok: false; message: string }> {
  const startedAt = new Date();
  let read: Awaited<ReturnType<typeof readStudies>>;
  try {
    read = await readStudies(query, null, report);
  } catch (error) {
    return { ok: false, message: failure(error) };
  }
  const id = await createRegistrySync({ user, target, query });
  const sync = await registrySyncForRun(id);
  if (!sync) return { ok: false, message: UNEXPECTED_ERROR };
  await writeRun(sync, read, startedAt, report);
  return { ok: true, id };
}

/** A saved import run again: studies updated since its last successful run; a failure is kept on its page. */
export async function runRegistrySync(syncId: string, report: ReportProgress = async () => {}): Promise<SyncRun> {
  const startedAt = new Date();
  const sync = await registrySyncForRun(syncId);
  if (!sync) return { ok: false, message: UNEXPECTED_ERROR };
  if (!(await claimRegistrySync(sync._id, startedAt))) return { ok: false, message: REGISTRY_SYNC_BUSY };
  try {
    return await writeRun(sync, await readStudies(queryOf(sync.query), sync.lastSyncDate, report), startedAt, report);
  } catch (error) {
    const message = failure(error);
    await failRegistrySync(sync._id, { startedAt, message });
    return { ok: false, message };
  }
}
