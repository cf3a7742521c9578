import type { Types } from "mongoose";

import { isObjectId } from "#common/ids";
import { connectDb, totalOrder, trusted } from "#db/connection.server";
import { Compound, RegistrySync, Trial, TrialChange } from "#db/models/index.server";
import type { SyncOutcome } from "#db/models/registry-sync.server";
import { TRACKED_FIELDS, type TrackedField } from "#db/models/trial-change.server";
import type { RegistryQuery } from "~/utils/registry/query";
import { trackedValues, type StudyValues } from "~/utils/registry/study";
import type { SessionUser } from "~/utils/session.server";

import { heldScope } from "./grants.server";
import { findHeld, type HeldRecordQuery } from "./held.server";
import { scopeNamesOf } from "./scope-names.server";
import { trialCompoundName } from "./trial.server";

// ClinicalTrials.gov imports (issue 15): saved imports (RegistrySync) within the diseases a user holds, the trials an
// import writes (matched by NCT id within its client and disease), and the registry change log (TrialChange) — a
// trial's history and a disease's primary completion slips.

/** A run that has not finished after this long was cut short (its server stopped): another may start. */
const STALE_RUN_MS = 10 * 60 * 1000;
/** Saved imports the import page lists. */
const LISTED_SYNCS = 50;

export type SyncTarget = { client: string; therapeuticArea: string; disease: string; compound?: string | null };

/** Whether a run of the sync is under way (one cut short long ago is not). */
export const isSyncRunning = (sync: { runningSince?: Date | null }) =>
  Boolean(sync.runningSince && sync.runningSince.getTime() > Date.now() - STALE_RUN_MS);

export async function createRegistrySync({ user, target, query }: { user: SessionUser; target: SyncTarget; query: RegistryQuery }) {
  await connectDb();
  const sync = await RegistrySync.create({ user: user._id, ...target, compound: target.compound || undefined, query });
  return String(sync._id);
}

const SYNC_FIELDS = "client therapeuticArea disease compound query lastSyncDate lastRunAt runningSince lastError lastResult updatedAt";

/** A saved import of a disease the user holds, or null. */
export const findRegistrySync = (query: HeldRecordQuery) => findHeld(RegistrySync, query, SYNC_FIELDS);
export type FoundRegistrySync = NonNullable<Awaited<ReturnType<typeof findRegistrySync>>>;

/** The sync by id, for the run itself (the caller checked access). */
export async function registrySyncForRun(id: string) {
  await connectDb();
  return RegistrySync.findById(id).select(SYNC_FIELDS).lean();
}

/** The saved imports of the diseases the user holds, latest first, with the names of where they file trials. */
export async function listRegistrySyncs({ user }: { user: SessionUser }) {
  await connectDb();
  const syncs = await RegistrySync.find(heldScope(user)).select(SYNC_FIELDS).sort({ updatedAt: -1, _id: -1 }).limit(LISTED_SYNCS).lean();
  const names = await scopeNamesOf(syncs, user);
  return syncs.map((s) => ({ ...s, names: names(s) }));
}

/** The names a sync's page shows: where its trials go. */
export async function syncTargetNames(sync: FoundRegistrySync, user: SessionUser) {
  const names = (await scopeNamesOf([sync], user))(sync);
  const compound = sync.compound ? await Compound.findById(sync.compound).select("name").lean() : null;
  const compoundName = compound ? ([compound.name?.brand, compound.name?.generic, compound.name?.scientific].find(Boolean) ?? "") : "";
  return { ...names, compound: compoundName };
}

export async function deleteRegistrySync({ user, id }: { user: SessionUser; id: string }) {
  await connectDb();
  const { deletedCount } = await RegistrySync.deleteOne({ _id: id, ...heldScope(user) });
  return deletedCount === 1;
}

/** Takes the sync for a run; false while another request runs it. */
export async function claimRegistrySync(id: unknown, now: Date) {
  await connectDb();
  const { modifiedCount } = await RegistrySync.updateOne(
    { _id: id, $or: [{ runningSince: null }, { runningSince: trusted({ $lt: new Date(now.getTime() - STALE_RUN_MS) }) }] },
    { $set: { runningSince: now } },
  );
  return modifiedCount === 1;
}

export type TrialReport = { nctId: string; title: string; outcome: SyncOutcome; message?: string };

export async function finishRegistrySync(id: unknown, { startedAt, trials }: { startedAt: Date; trials: TrialReport[] }) {
  const count = (outcome: SyncOutcome) => trials.filter((t) => t.outcome === outcome).length;
  const lastResult = {
    created: count("created"),
    updated: count("updated"),
    unchanged: count("unchanged"),
    failed: count("failed"),
    trials,
  };
  await RegistrySync.updateOne(
    { _id: id },
    {
      $set: { lastResult, lastRunAt: startedAt, lastSyncDate: startedAt.toISOString().slice(0, 10) },
      $unset: { runningSince: 1, lastError: 1 },
    },
  );
  return lastResult;
}

/** A run that imported nothing: why, for the page; the last sync date stays, so the next run asks for as much. */
export async function failRegistrySync(id: unknown, { startedAt, message }: { startedAt: Date; message: string }) {
  await RegistrySync.updateOne(
    { _id: id },
    { $set: { lastError: message, lastRunAt: startedAt }, $unset: { runningSince: 1, lastResult: 1 } },
  );
}

// ---- Writing imported studies ----

/** The fields an import writes; the rest of a trial (line of therapy, priority, notes…) is the editors'. */
type RegistryFields = Omit<StudyValues, "lastUpdatePostDate" | "hasResults">;

/** A value as compared: dates as ISO text, empty text, null and missing alike, object keys in order. */
function comparable(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(comparable);
  if (value && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([key]) => key !== "_id")
      .map(([key, v]) => [key, comparable(v)] as const)
      .filter(([, v]) => v !== null);
    return Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));
  }
  return value === undefined || value === "" ? null : value;
}

/**
 * Writes one run's studies into the sync's client and disease: a study whose NCT id no trial there has becomes a new
 * trial (linked to the sync's area and compound); one that has changed updates its trial's registry fields and logs
 * what changed among status, primary completion date, enrollment and phase (a new trial logs nothing: there was nothing
 * before); one the registry has not changed is left alone. Each study on its own: one that fails is reported, the rest
 * are written.
 */
export async function writeStudies({
  target,
  studies,
  seenAt,
  onWritten = async () => {},
}: {
  target: SyncTarget;
  studies: StudyValues[];
  seenAt: Date;
  /** Hears how many studies were written so far. */
  onWritten?: (done: number) => Promise<void>;
}): Promise<TrialReport[]> {
  await connectDb();
  const ids = studies.map((s) => s.trialIdentifier);
  const existing = await Trial.find({ client: target.client, disease: target.disease, trialIdentifier: trusted({ $in: ids }) }).sort(
    totalOrder("trialIdentifier"),
  );
  const byId = new Map(existing.map((t) => [t.trialIdentifier ?? "", t]));
  const compoundName = await trialCompoundName(target.compound);
  const reports: TrialReport[] = [];
  for (const { lastUpdatePostDate, hasResults, ...fields } of studies) {
    await onWritten(reports.length);
    const nctId = fields.trialIdentifier;
    const title = fields.eventTitle;
    const registry = { source: "ClinicalTrials.gov" as const, lastSyncedAt: seenAt, lastUpdatePostDate, hasResults };
    try {
      const trial = byId.get(nctId);
      if (!trial) {
        const created = await Trial.create({
          ...fields,
          client: target.client,
          therapeuticArea: target.therapeuticArea,
          disease: target.disease,
          compound: target.compound || undefined,
          compoundName,
          registry,
        });
        byId.set(nctId, created);
        reports.push({ nctId, title, outcome: "created" });
        continue;
      }
      const before = trial.toObject() as Record<string, unknown>;
      const changed = (Object.keys(fields) as Array<keyof RegistryFields>).some(
        (key) => JSON.stringify(comparable(before[key])) !== JSON.stringify(comparable(fields[key])),
      );
      if (!changed) {
        reports.push({ nctId, title, outcome: "unchanged" });
        continue;
      }
      const previous = trackedValues(before as Parameters<typeof trackedValues>[0]);
      trial.set({ ...fields, registry });
      await trial.save();
      const next = trackedValues(trial);
      const changes = TRACKED_FIELDS.filter((field) => previous[field] && previous[field] !== next[field]).map((field: TrackedField) => ({
        trial: trial._id,
        client: trial.client,
        disease: trial.disease,
        trialIdentifier: nctId,
        field,
        previous: previous[field],
        next: next[field],
        seenAt,
      }));
      if (changes.length) await TrialChange.insertMany(changes);
      reports.push({ nctId, title, outcome: "updated" });
    } catch (error) {
      console.warn(`registry import: ${nctId} not written`, error);
      reports.push({ nctId, title, outcome: "failed", message: "Not saved: the study's data did not pass the trial checks." });
    }
  }
  return reports;
}

// ---- The registry change log ----

const FIELD_LABELS: Record<TrackedField, string> = {
  trialStatus: "Status",
  primaryCompletionDate: "Primary completion date",
  enrollment: "Enrollment",
  phase: "Phase",
};

/** One trial's registry changes, newest first, for its edit page (the caller has checked the user may edit it). */
export async function trialRegistryHistory(trialId: string) {
  if (!isObjectId(trialId)) return [];
  await connectDb();
  const changes = await TrialChange.find({ trial: trialId })
    .select("field previous next seenAt")
    .sort({ seenAt: -1, _id: -1 })
    .limit(500)
    .lean();
  return changes.map((c) => ({
    id: String(c._id),
    field: FIELD_LABELS[c.field],
    previous: c.previous ?? "",
    next: c.next ?? "",
    seenAt: c.seenAt.toISOString(),
  }));
}
export type RegistryHistory = Awaited<ReturnType<typeof trialRegistryHistory>>;

const dayOf = (text: string | null | undefined) => (text ? new Date(`${text}T00:00:00Z`) : null);

/**
 * A disease's primary completion slips, per NCT id in order seen: each the date before and after (null when the registry
 * dropped it) and when a sync saw it — markers for the disease's timeline reports. The caller has checked the user may
 * read the disease.
 */
export async function primaryCompletionSlips({ diseaseId }: { diseaseId: string }) {
  if (!isObjectId(diseaseId)) return [];
  await connectDb();
  const changes = await TrialChange.find({ disease: diseaseId, field: "primaryCompletionDate" })
    .select("trial trialIdentifier previous next seenAt")
    .sort({ seenAt: 1, _id: 1 })
    .lean();
  const byTrial = new Map<
    string,
    { trialIdentifier: string; trial: string; slips: Array<{ from: Date | null; to: Date | null; seenAt: Date }> }
  >();
  for (const c of changes) {
    const entry = byTrial.get(c.trialIdentifier) ?? { trialIdentifier: c.trialIdentifier, trial: String(c.trial), slips: [] };
    entry.slips.push({ from: dayOf(c.previous), to: dayOf(c.next), seenAt: c.seenAt });
    byTrial.set(c.trialIdentifier, entry);
  }
  return [...byTrial.values()];
}

/** Every saved import, for keyword monitoring's registry source (issue 16), latest first. */
export async function allRegistrySyncs() {
  await connectDb();
  return RegistrySync.find({}).sort({ updatedAt: -1, _id: -1 }).select("_id client therapeuticArea disease").lean();
}

/** The primary completion dates a disease's trials moved to a later day in the changes seen since `since`, with the
 *  trials' titles (for the fetch-queue notices). */
export async function delaysSeenSince({ disease, since }: { disease: Types.ObjectId | string; since: Date }) {
  await connectDb();
  const changes = await TrialChange.find({ disease, field: "primaryCompletionDate", seenAt: trusted({ $gte: since }) })
    .select("trial trialIdentifier previous next seenAt")
    .lean();
  const delays = changes.filter((c) => c.previous && c.next && c.next > c.previous);
  const titles = new Map(
    (
      await Trial.find({ _id: trusted({ $in: delays.map((c) => c.trial) }) })
        .select("eventTitle acronyms")
        .lean()
    ).map((t) => [String(t._id), t.acronyms || t.eventTitle || ""]),
  );
  return delays.map((c) => ({
    trial: c.trialIdentifier,
    title: titles.get(String(c.trial)) ?? "",
    from: c.previous,
    to: c.next,
    seenAt: c.seenAt.toISOString().slice(0, 10),
  }));
}
