// The audit trail as plain data for a page: the History panel of an edit page and the console's change log.

export interface AuditEntry {
  id: string;
  at: string;
  actorName: string;
  action: string;
  entity?: string;
  entityName?: string;
  changes: Array<{ field: string; before: unknown; after: unknown }>;
}

/** An entry's server record as plain data for a page. */
export const auditEntry = (e: {
  _id: unknown;
  at: Date;
  actorName?: string | null;
  action: string;
  entity?: string;
  entityName?: string | null;
  changes?: Array<{ field: string; before?: unknown; after?: unknown }> | null;
}): AuditEntry => ({
  id: String(e._id),
  at: e.at.toISOString(),
  actorName: e.actorName ?? "—",
  action: e.action,
  entity: e.entity,
  entityName: e.entityName ?? undefined,
  changes: (e.changes ?? []).map((c) => ({ field: c.field, before: c.before ?? null, after: c.after ?? null })),
});
