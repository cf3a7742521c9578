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
import { fetchStudies, RegistryError } from "~/utils/registry/ctgov.server";
import { NCT_ID, queryOf, type RegistryQuery } from "~/utils/registry/query";
import { trialValuesOfStudy } from "~/utils/registry/study";
import type { SessionUser } from "~/utils/session.server";

// One run of a ClinicalTrials.gov import (issue 15): every page read, then the studies written. A first import is
// saved only once the registry has answered (issue 28), so a failed attempt never shows under "Saved imports", not even
// while it waits. A later run asks only for studies updated on or after the day of the last successful one (the
// registry's LastUpdatePostDate is a day; the same day is asked again, so a study updated later that day is not
// missed, and one seen twice is found unchanged). The run happens within the request: an import is capped at
// MAX_STUDIES studies, a few requests a second apart (docs/decisions/014-trial-registry.md).

export type SyncRun = { ok: true; trials: TrialReport[] } | { ok: false; message: string };

const failure = (error: unknown) => {
  if (!(error instanceof RegistryError)) console.warn("registry sync failed", error);
  return error instanceof RegistryError ? error.message : UNEXPECTED_ERROR;
};

/** The query's studies (updated since `updatedSince`), mapped onto trials; throws a RegistryError when unreadable. */
async function readStudies(query: RegistryQuery, updatedSince: string | null | undefined) {
  const studies = (await fetchStudies(query, updatedSince)).map(trialValuesOfStudy);
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
async function writeRun(sync: Sync, read: Awaited<ReturnType<typeof readStudies>>, startedAt: Date): Promise<SyncRun> {
  const target = {
    client: String(sync.client),
    therapeuticArea: String(sync.therapeuticArea),
    disease: String(sync.disease),
    compound: sync.compound ? String(sync.compound) : null,
  };
  const written = await writeStudies({ target, studies: read.valid, seenAt: startedAt });
  const trials = [...written, ...read.reports];
  await finishRegistrySync(sync._id, { startedAt, trials });
  return { ok: true, trials };
}

/** A new import: the registry asked first; saved (and its trials written) only when it answered. */
export async function firstRegistryImport({
  user,
  target,
  query,
}: {
  user: SessionUser;
  target: SyncTarget;
  query: RegistryQuery;
}): Promise<{ ok: true; id: string } | { ok: false; message: string }> {
  const startedAt = new Date();
  let read: Awaited<ReturnType<typeof readStudies>>;
  try {
    read = await readStudies(query, null);
  } catch (error) {
    return { ok: false, message: failure(error) };
  }
  const id = await createRegistrySync({ user, target, query });
  const sync = await registrySyncForRun(id);
  if (!sync) return { ok: false, message: UNEXPECTED_ERROR };
  await writeRun(sync, read, startedAt);
  return { ok: true, id };
}

/** A saved import run again: studies updated since its last successful run; a failure is kept on its page. */
export async function runRegistrySync(syncId: string): Promise<SyncRun> {
  const startedAt = new Date();
  const sync = await registrySyncForRun(syncId);
  if (!sync) return { ok: false, message: UNEXPECTED_ERROR };
  if (!(await claimRegistrySync(sync._id, startedAt))) return { ok: false, message: REGISTRY_SYNC_BUSY };
  try {
    return await writeRun(sync, await readStudies(queryOf(sync.query), sync.lastSyncDate), startedAt);
  } catch (error) {
    const message = failure(error);
    await failRegistrySync(sync._id, { startedAt, message });
    return { ok: false, message };
  }
}
