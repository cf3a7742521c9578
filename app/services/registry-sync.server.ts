import { REGISTRY_SYNC_BUSY, UNEXPECTED_ERROR } from "#common/messages";
import {
  claimRegistrySync,
  failRegistrySync,
  finishRegistrySync,
  registrySyncForRun,
  writeStudies,
  type TrialReport,
} from "~/models/registry.server";
import { fetchStudies, RegistryError } from "~/utils/registry/ctgov.server";
import { NCT_ID, queryOf } from "~/utils/registry/query";
import { trialValuesOfStudy } from "~/utils/registry/study";

// One run of a saved ClinicalTrials.gov import (issue 15), first or later: every page read, then the studies written.
// A later run asks only for studies updated on or after the day of the last successful one (the registry's
// LastUpdatePostDate is a day; the same day is asked again, so a study updated later that day is not missed, and one
// seen twice is found unchanged). The run happens within the request: an import is capped at MAX_STUDIES studies,
// a few requests a second apart (docs/decisions/014-trial-registry.md).

export type SyncRun = { ok: true; trials: TrialReport[] } | { ok: false; message: string };

export async function runRegistrySync(syncId: string): Promise<SyncRun> {
  const startedAt = new Date();
  const sync = await registrySyncForRun(syncId);
  if (!sync) return { ok: false, message: UNEXPECTED_ERROR };
  if (!(await claimRegistrySync(sync._id, startedAt))) return { ok: false, message: REGISTRY_SYNC_BUSY };
  try {
    const query = queryOf(sync.query);
    const studies = (await fetchStudies(query, sync.lastSyncDate)).map(trialValuesOfStudy);
    const valid = studies.filter((s) => NCT_ID.test(s.trialIdentifier) && s.eventTitle);
    const refused: TrialReport[] = studies
      .filter((s) => !valid.includes(s))
      .map((s) => ({
        nctId: s.trialIdentifier,
        title: s.eventTitle,
        outcome: "failed",
        message: s.eventTitle ? "The registry gave no valid NCT id." : "The registry gave no title.",
      }));
    const target = {
      client: String(sync.client),
      therapeuticArea: String(sync.therapeuticArea),
      disease: String(sync.disease),
      compound: sync.compound ? String(sync.compound) : null,
    };
    const written = await writeStudies({ target, studies: valid, seenAt: startedAt });
    // NCT ids asked for that the registry does not have.
    const returned = new Set(studies.map((s) => s.trialIdentifier));
    const missing: TrialReport[] = sync.lastSyncDate
      ? []
      : query.ids
          .filter((id) => !returned.has(id))
          .map((nctId) => ({ nctId, title: "", outcome: "failed", message: "Not found on ClinicalTrials.gov." }));
    const trials = [...written, ...refused, ...missing];
    await finishRegistrySync(sync._id, { startedAt, trials });
    return { ok: true, trials };
  } catch (error) {
    const message = error instanceof RegistryError ? error.message : UNEXPECTED_ERROR;
    if (!(error instanceof RegistryError)) console.warn("registry sync failed", error);
    await failRegistrySync(sync._id, { startedAt, message });
    return { ok: false, message };
  }
}
