import { plainText } from "#common/plain-text";

import { formatDateTime, formatDay } from "./dates";

// The audit trail as a page reads it (the History panel of an edit page and the console's change log): each changed
// field before → after as text — records named, nested values spelled out, rich text as text, dates as dates — and
// only the fields whose text changed.

export interface AuditEntry {
  id: string;
  at: string;
  actorName: string;
  action: string;
  entity?: string;
  entityName?: string;
  /** Each side's text; null when empty. */
  changes: Array<{ field: string; before: string | null; after: string | null }>;
}

/** The fields whose values are ids of other records, by the kind of record named (a compound's licensees: ids in text). */
export const REFERENCE_FIELDS = {
  client: "client",
  therapeuticArea: "area",
  disease: "disease",
  compound: "compound",
  compounds: "compound",
  companies: "company",
  originator: "company",
  parentCompany: "company",
  licensee: "company",
} as const;
export type ReferenceKind = (typeof REFERENCE_FIELDS)[keyof typeof REFERENCE_FIELDS];

const isReference = (field: string): field is keyof typeof REFERENCE_FIELDS => Object.hasOwn(REFERENCE_FIELDS, field);
/** Record ids, alone or several in a row (a licence's companies). */
const IDS = /\b[0-9a-f]{24}(?: [0-9a-f]{24})*\b/g;

/** The ids each reference field of these changes names, by kind: what the reader looks up. */
export function referencedIds(changes: ReadonlyArray<{ field: string; before?: unknown; after?: unknown }>) {
  const ids: Record<ReferenceKind, Set<string>> = {
    client: new Set(),
    area: new Set(),
    disease: new Set(),
    compound: new Set(),
    company: new Set(),
  };
  const collect = (kind: ReferenceKind, value: unknown): void => {
    if (typeof value === "string") for (const id of value.match(IDS)?.flatMap((run) => run.split(" ")) ?? []) ids[kind].add(id);
    else if (Array.isArray(value)) value.forEach((v) => collect(kind, v));
  };
  for (const c of changes) if (isReference(c.field)) for (const side of [c.before, c.after]) collect(REFERENCE_FIELDS[c.field], side);
  return ids;
}

/** "enrollmentNumber" → "enrollment number". */
const words = (key: string) => key.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** A value as text, null when empty; `name` turns a record id into its name (in reference fields only). */
function readable(value: unknown, name: ((id: string) => string) | null): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string") {
    const text = name
      ? value.replace(IDS, (run) => run.split(" ").map(name).join(", "))
      : ISO_INSTANT.test(value)
        ? value.includes("T00:00:00")
          ? formatDay(value)
          : formatDateTime(value)
        : /<[a-z][^>]*>/i.test(value)
          ? plainText(value)
          : value;
    return text.trim() || null;
  }
  if (Array.isArray(value)) {
    const items = value.flatMap((v) => readable(v, name) ?? []);
    return items.length ? items.join("; ") : null;
  }
  if (typeof value === "object") {
    const parts = Object.entries(value).flatMap(([key, v]) => {
      const text = readable(v, name);
      return text === null ? [] : [[key, Array.isArray(v) && v.length > 1 ? `(${text})` : text] as const];
    });
    // One part (a note's details, an arm's text) reads as itself; several are labelled.
    if (parts.length <= 1) return parts[0]?.[1] ?? null;
    return parts.map(([key, text]) => `${words(key)}: ${text}`).join(", ");
  }
  return String(value);
}

/** An entry's server record for a page, with the record names `names` knows (ids it does not know: "(not available)" —
 *  gone, or outside the reader's access). */
export const auditEntry = (
  e: {
    _id: unknown;
    at: Date;
    actorName?: string | null;
    action: string;
    entity?: string;
    entityName?: string | null;
    changes?: Array<{ field: string; before?: unknown; after?: unknown }> | null;
  },
  names: ReadonlyMap<string, string>,
): AuditEntry => {
  const name = (id: string) => names.get(id) ?? "(not available)";
  return {
    id: String(e._id),
    at: e.at.toISOString(),
    actorName: e.actorName ?? "—",
    action: e.action,
    entity: e.entity,
    entityName: e.entityName ?? undefined,
    changes: (e.changes ?? []).flatMap((c) => {
      const [before, after] = [c.before, c.after].map((v) => readable(v, isReference(c.field) ? name : null));
      return before === after ? [] : [{ field: c.field, before: before ?? null, after: after ?? null }];
    }),
  };
};
