import { COMPOUND_LOAD_FAILED, INVALID_ID, NEWS_LOAD_FAILED, TRIAL_STATUS_ENTITY } from "#common/messages";
import { findManagedClient, type ManagedClient } from "~/models/client.server";
import { findManagedCompany, type ManagedCompany } from "~/models/company.server";
import { findManagedCompound, type ManagedCompound } from "~/models/compound.server";
import { findManagedEvent, type ManagedEvent } from "~/models/event.server";
import { findManagedKeyword, type ManagedKeyword } from "~/models/keyword.server";
import { findSource, type ManagedSource } from "~/models/monitor.server";
import { findManagedNews, findNewsForEditor, type EditorNews, type ManagedNews } from "~/models/news.server";
import { findManagedTrial, type ManagedTrial } from "~/models/trial.server";
import { requireUserWith } from "~/services/auth.server";
import {
  CLIENTS_LIST,
  COMPANIES_LIST,
  COMPOUNDS_LIST,
  DRAFTS_LIST,
  EVENTS_LIST,
  KEYWORDS_LIST,
  MONITORING,
  TRIALS_LIST,
} from "~/utils/administration";
import type { Permission } from "~/utils/permissions";
import type { SessionUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

// The kinds of record the console manages (a *managed* record: one the actor may manage), each described once: who
// manages it, where its list is, how one is found for an actor, and its name in the status switch's toasts. The
// guard, the status switch and the delete confirmation read these; a route names its kind.

export interface ManagedKind<Record> {
  /** The record's name in '{name} active!' (admin-console §4). */
  name: string;
  permission: Permission;
  /** The list's address: where an unknown id, a delete and the status switch return. */
  list: string;
  /** The record `id` names if the actor may manage it, else null. */
  find: (actor: SessionUser, id: string | undefined) => Promise<Record | null>;
  /** The toast for an id that names no such record: 'Invalid ID' unless the spec says otherwise. */
  missing?: string;
  /** An id that names no such record is a 404 page with `missing` rather than the list with a toast. */
  notFound?: true;
}

/** The actor, who must hold the kind's permission (403), and the record the address names; any other id → the list
 *  with the kind's message. Every loader and action of a record's route calls it itself. */
export async function requireManagedRecord<Record>(request: Request, id: string | undefined, kind: ManagedKind<Record>) {
  const actor = await requireUserWith(request, kind.permission);
  const record = await kind.find(actor, id);
  if (!record && kind.notFound) throw new Response(kind.missing ?? INVALID_ID, { status: 404 });
  if (!record) throw await redirectWithToast(request, kind.list, { type: "error", message: kind.missing ?? INVALID_ID });
  return { actor, record };
}

/** Clients: the top-level admin's, any status. */
export const CLIENTS: ManagedKind<ManagedClient> = {
  name: "Client",
  permission: "client:manage",
  list: CLIENTS_LIST,
  find: (_actor, id) => findManagedClient(id),
};

/** Companies: shared reference data, any status. */
export const COMPANIES: ManagedKind<ManagedCompany> = {
  name: "Company",
  permission: "company:manage",
  list: COMPANIES_LIST,
  find: (_actor, id) => findManagedCompany(id),
};

/** Compounds of the diseases the actor holds; an unknown one gets the spec's message for a compound that cannot be
 *  read (admin-console §8). */
export const COMPOUNDS: ManagedKind<ManagedCompound> = {
  name: "Compound",
  permission: "compound:manage",
  list: COMPOUNDS_LIST,
  find: (user, id) => findManagedCompound({ user, id }),
  missing: COMPOUND_LOAD_FAILED,
};

/** Keywords of the diseases the actor holds. */
export const KEYWORDS: ManagedKind<ManagedKeyword> = {
  name: "Keyword",
  permission: "keyword:manage",
  list: KEYWORDS_LIST,
  find: (user, id) => findManagedKeyword({ user, id }),
};

/** Events of the diseases the actor holds. */
export const EVENTS: ManagedKind<ManagedEvent> = {
  name: "Event",
  permission: "event:manage",
  list: EVENTS_LIST,
  find: (user, id) => findManagedEvent({ user, id }),
};

/** Trials of the diseases the actor holds; their status switch says 'Event {status}!' (admin-console §4). */
export const TRIALS: ManagedKind<ManagedTrial> = {
  name: TRIAL_STATUS_ENTITY,
  permission: "trial:manage",
  list: TRIALS_LIST,
  find: (user, id) => findManagedTrial({ user, id }),
};

/** Keyword monitoring's sources (admins). */
export const SOURCES: ManagedKind<ManagedSource> = {
  name: "Source",
  permission: "monitoring:manage",
  list: MONITORING,
  find: (_actor, id) => findSource(id),
};

/** News items of the diseases the actor holds (admins), for the publish and delete pages; any other id is a 404. */
export const NEWS: ManagedKind<ManagedNews> = {
  name: "News",
  permission: "news:manage",
  list: DRAFTS_LIST,
  find: (user, id) => findManagedNews({ user, id }),
  missing: "No such news item.",
  notFound: true,
};

/** The same news items whole, for the editor; an id the admin cannot edit goes back to the drafts with the spec's
 *  message. */
export const EDITABLE_NEWS: ManagedKind<EditorNews> = {
  name: "News",
  permission: "news:manage",
  list: DRAFTS_LIST,
  find: (user, id) => findNewsForEditor({ user, id }),
  missing: NEWS_LOAD_FAILED,
};
