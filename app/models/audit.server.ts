import { Types } from "mongoose";

import type { AuditAction, AuditEntity } from "#common/constants";
import { connectDb, trusted } from "#db/connection.server";
import { AuditLog } from "#db/models/audit-log.server";
import { Client, Company, Compound, Disease, TherapeuticArea } from "#db/models/index.server";
import { auditEntry, referencedIds } from "~/utils/audit";
import { grantedDiseaseIds } from "~/utils/permissions";
import type { SessionUser } from "~/utils/session.server";

import { findPage, type PageRequest } from "./list.server";
import { listPermittedClients } from "./permitted-client.server";

// The audit trail of the administration console: every change is recorded with who, when, what, and each changed
// field before → after. The app only appends (no update or delete of a record anywhere).

const AUDIT_FIELDS = "at actorName entity entityId entityName action changes";
type Values = Record<string, unknown>;

/** Comparable form of a value (ids and dates as strings, arrays and objects as JSON). */
const plain = (value: unknown): unknown => (value === undefined ? null : JSON.parse(JSON.stringify(value ?? null)));

/** Empty in every spelling ("", [], {}, an object of empty values): a field going from one to another changed nothing. */
const isEmpty = (value: unknown): boolean =>
  value === null ||
  value === "" ||
  (Array.isArray(value) ? value.every(isEmpty) : typeof value === "object" && Object.values(value).every(isEmpty));

/** The fields that differ between `before` and `after` (a created record has no before, a deleted one no after). */
export function changedFields(before: Values | null, after: Values | null) {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort();
  return fields.flatMap((field) => {
    const [b, a] = [plain(before?.[field]), plain(after?.[field])];
    return JSON.stringify(b) === JSON.stringify(a) || (isEmpty(b) && isEmpty(a)) ? [] : [{ field, before: b, after: a }];
  });
}

type Change = ReturnType<typeof changedFields>[number];

type ChangeInput = {
  actor: SessionUser | null;
  entity: AuditEntity;
  entityId: Types.ObjectId | string;
  entityName: string;
  action: AuditAction;
  before?: Values | null;
  after?: Values | null;
  /** Changes worked out by the caller; `keys` lets a reader tell which grants a list of access names is about. */
  extra?: Array<Change & { keys?: string[] }>;
};

/** The trail's record of a change, or null for an update that changed nothing. */
function entryOf(change: ChangeInput) {
  const changes = [...changedFields(change.before ?? null, change.after ?? null), ...(change.extra ?? [])];
  if (change.action === "update" && changes.length === 0) return null;
  return {
    actor: change.actor?._id,
    actorName: change.actor
      ? (`${change.actor.name?.first ?? ""} ${change.actor.name?.last ?? ""}`.trim() || change.actor.email) +
        (change.actor.apiToken ? ` (API token "${change.actor.apiToken.name}")` : "")
      : "Pharmascope",
    entity: change.entity,
    entityId: change.entityId,
    entityName: change.entityName,
    action: change.action,
    changes,
  };
}

/**
 * Appends one change to the trail: the fields that differ between `before` and `after`, then `extra` changes worked out
 * by the caller (e.g. access granted and removed, as lists). An update that changed nothing is not recorded. A change
 * made by the app itself (a purge after the grace period) has no actor.
 */
export async function recordChange(change: ChangeInput) {
  await recordChanges([change]);
}

/** Appends many changes in one write (an import's rows). */
export async function recordChanges(changes: ChangeInput[]) {
  const entries = changes.flatMap((c) => entryOf(c) ?? []);
  if (entries.length === 0) return;
  await connectDb();
  // Written as the plain documents entryOf builds (typed, ids made ObjectIds here): hydrating each entry and its
  // changes as mongoose documents cost 0.4 ms an entry, which held the event loop over 100 ms per 100 rows of an import.
  await AuditLog.insertMany(
    entries.map(({ actor, entityId, ...entry }) => ({
      at: new Date(),
      ...(actor ? { actor: new Types.ObjectId(actor) } : {}),
      ...entry,
      entityId: new Types.ObjectId(entityId),
    })),
    { lean: true },
  );
}

/** The newest changes of one record, for its edit page's History panel. */
export async function historyOf({ entity, entityId, limit = 20 }: { entity: AuditEntity; entityId: string; limit?: number }) {
  await connectDb();
  return AuditLog.find({ entity, entityId }).select(AUDIT_FIELDS).sort({ at: -1, _id: -1 }).limit(limit).lean();
}

/** One page of the whole trail, newest first, optionally of one kind of record and one action (top-level admin). */
export async function listAuditPage({ entity, action, page }: { entity?: AuditEntity; action?: AuditAction; page: PageRequest }) {
  await connectDb();
  return findPage(
    AuditLog,
    { ...(entity ? { entity } : {}), ...(action ? { action } : {}) },
    { field: "at", direction: -1, newestFirst: true, select: AUDIT_FIELDS, page },
  );
}

type StoredEntry = Parameters<typeof auditEntry>[0];

/**
 * Entries as `viewer` reads them (utils/audit.ts): the records their changes name by id, named as the viewer may see
 * them — the top-level admin every record (an inactive client's too); anyone else the clients they may open, and in
 * those the areas and diseases they hold and the compounds; any company. Any other id reads "(not available)".
 */
export async function readableHistory(viewer: SessionUser, entries: StoredEntry[]) {
  const ids = referencedIds(entries.flatMap((e) => e.changes ?? []));
  const byIds = (set: Set<string>) => ({ _id: trusted({ $in: [...set] }) });
  await connectDb();
  const [clients, areas, diseases, compounds, companies] = await Promise.all([
    viewer.isTopAdmin
      ? ids.client.size
        ? Client.find(byIds(ids.client))
            .select("name")
            .lean()
            .then((found) => found.map((c) => ({ id: String(c._id), name: c.name })))
        : []
      : listPermittedClients({ user: viewer }),
    ids.area.size ? TherapeuticArea.find(byIds(ids.area)).select("name client").lean() : [],
    ids.disease.size ? Disease.find(byIds(ids.disease)).select("name client").lean() : [],
    ids.compound.size ? Compound.find(byIds(ids.compound)).select("name client").lean() : [],
    ids.company.size ? Company.find(byIds(ids.company)).select("name").lean() : [],
  ]);
  const open = new Set(clients.map((c) => c.id));
  const sees = (record: { client?: unknown }) => viewer.isTopAdmin || open.has(String(record.client));
  const heldAreas = new Set((viewer.permissions ?? []).map((p) => String(p.therapeuticArea)));
  const heldDiseases = grantedDiseaseIds(viewer);
  const names = new Map<string, string>([
    ...clients.map((c) => [c.id, c.name] as const),
    ...areas.filter((a) => sees(a) && (viewer.isTopAdmin || heldAreas.has(String(a._id)))).map((a) => [String(a._id), a.name] as const),
    ...diseases
      .filter((d) => sees(d) && (viewer.isTopAdmin || heldDiseases.has(String(d._id))))
      .map((d) => [String(d._id), d.name] as const),
    ...compounds.filter(sees).map((c) => [String(c._id), c.name?.generic || c.name?.brand || c.name?.scientific || "(unnamed)"] as const),
    ...companies.map((c) => [String(c._id), c.name] as const),
  ]);
  return entries.map((e) => auditEntry(e, names));
}
