import type { AuditEntity } from "#common/constants";
import {
  CLIENT_DELETE_FAILED,
  CLIENT_DELETED,
  COMPANY_DELETE_FAILED,
  COMPANY_DELETED,
  COMPOUND_DELETE_FAILED,
  COMPOUND_DELETED,
  COMPOUND_LOAD_FAILED,
  EVENT_DELETE_FAILED,
  EVENT_DELETED,
  INVALID_ID,
  KEYWORD_DELETE_FAILED,
  KEYWORD_DELETED,
  LOGO_COMPANY_DELETED,
  NEWS_LOAD_FAILED,
  SOURCE_DELETE_FAILED,
  SOURCE_DELETED,
  TRIAL_DELETE_FAILED,
  TRIAL_DELETED,
  TRIAL_STATUS_ENTITY,
} from "#common/messages";
import { deleteClientRecord, findManagedClient, type ManagedClient } from "~/models/client.server";
import { CompanyFormError, deleteCompany, findManagedCompany, type ManagedCompany } from "~/models/company.server";
import { CompoundInUseError, deleteCompound, findManagedCompound, type ManagedCompound } from "~/models/compound.server";
import { deleteEvent, findManagedEvent, type ManagedEvent } from "~/models/event.server";
import { deleteKeyword, findManagedKeyword, type ManagedKeyword } from "~/models/keyword.server";
import { deleteSource, findSource, type ManagedSource } from "~/models/monitor.server";
import { findManagedNews, findNewsForEditor, type EditorNews, type ManagedNews } from "~/models/news.server";
import { deleteTrial, findManagedTrial, type ManagedTrial } from "~/models/trial.server";
import { requireUserWith } from "~/services/auth.server";
import {
  CLIENTS_LIST,
  COMPANIES_LIST,
  COMPANY_LOGOS,
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
  /** The route parameter that names a record of the kind (`edit.$keywordId`, `$keywordId.delete`). */
  param: string;
  permission: Permission;
  /** The list's address: where an unknown id, a delete and the status switch return. */
  list: string;
  /** The record `id` names if the actor may manage it, else null. */
  find: (actor: SessionUser, id: string | undefined) => Promise<Record | null>;
  /** The toast for an id that names no such record: 'Invalid ID' unless the spec says otherwise. */
  missing?: string;
  /** An id that names no such record is a 404 page with `missing` rather than the list with a toast. */
  notFound?: true;
  /** The record's entity in the change log (an edit page's History). */
  entity: AuditEntity;
}

/** A kind whose records are deleted from a confirmation page (`confirmedDeleteRoutes`): how, and the spec's words
 *  when one was and when it could not be. */
export type DeletableKind<Record> = ManagedKind<Record> & {
  deletion: {
    remove: (actor: SessionUser, record: Record) => Promise<unknown>;
    /** The views a confirmation may return to (`redirectTo`), the first by default; the kind's list unless named. */
    lists?: [string, ...string[]];
    /** Its toast; a function of the view returned to when each screen has its own words. */
    done: string | ((back: string) => string);
    failed: string;
    /** The words of a refusal (a record still named elsewhere), when the error is one. */
    refused?: (error: unknown) => string | undefined;
  };
};

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
export const CLIENTS: DeletableKind<ManagedClient> = {
  name: "Client",
  entity: "client",
  param: "clientId",
  permission: "client:manage",
  list: CLIENTS_LIST,
  find: (_actor, id) => findManagedClient(id),
  deletion: { remove: (actor, client) => deleteClientRecord({ actor, client }), done: CLIENT_DELETED, failed: CLIENT_DELETE_FAILED },
};

/** Companies: shared reference data, any status. */
export const COMPANIES: DeletableKind<ManagedCompany> = {
  name: "Company",
  entity: "company",
  param: "companyId",
  permission: "company:manage",
  list: COMPANIES_LIST,
  find: (_actor, id) => findManagedCompany(id),
  deletion: {
    remove: (actor, company) => deleteCompany({ actor, company }),
    lists: [COMPANIES_LIST, COMPANY_LOGOS],
    // Each screen's own words: the logos manager's (user-app) and the console's (admin-console).
    done: (back) => (back.startsWith(COMPANY_LOGOS) ? LOGO_COMPANY_DELETED : COMPANY_DELETED),
    failed: COMPANY_DELETE_FAILED,
    refused: (error) => (error instanceof CompanyFormError ? error.message : undefined),
  },
};

/** Compounds of the diseases the actor holds; an unknown one gets the spec's message for a compound that cannot be
 *  read (admin-console §8). */
export const COMPOUNDS: DeletableKind<ManagedCompound> = {
  name: "Compound",
  entity: "compound",
  param: "compoundId",
  permission: "compound:manage",
  list: COMPOUNDS_LIST,
  find: (user, id) => findManagedCompound({ user, id }),
  missing: COMPOUND_LOAD_FAILED,
  deletion: {
    remove: (actor, compound) => deleteCompound({ actor, compound }),
    done: COMPOUND_DELETED,
    failed: COMPOUND_DELETE_FAILED,
    refused: (error) => (error instanceof CompoundInUseError ? error.message : undefined),
  },
};

/** Keywords of the diseases the actor holds. */
export const KEYWORDS: DeletableKind<ManagedKeyword> = {
  name: "Keyword",
  entity: "keyword",
  param: "keywordId",
  permission: "keyword:manage",
  list: KEYWORDS_LIST,
  find: (user, id) => findManagedKeyword({ user, id }),
  deletion: { remove: (actor, keyword) => deleteKeyword({ actor, keyword }), done: KEYWORD_DELETED, failed: KEYWORD_DELETE_FAILED },
};

/** Events of the diseases the actor holds. */
export const EVENTS: DeletableKind<ManagedEvent> = {
  name: "Event",
  entity: "event",
  param: "eventId",
  permission: "event:manage",
  list: EVENTS_LIST,
  find: (user, id) => findManagedEvent({ user, id }),
  deletion: { remove: (actor, event) => deleteEvent({ actor, event }), done: EVENT_DELETED, failed: EVENT_DELETE_FAILED },
};

/** Trials of the diseases the actor holds; their status switch says 'Event {status}!' (admin-console §4). */
export const TRIALS: DeletableKind<ManagedTrial> = {
  name: TRIAL_STATUS_ENTITY,
  entity: "trial",
  param: "trialId",
  permission: "trial:manage",
  list: TRIALS_LIST,
  find: (user, id) => findManagedTrial({ user, id }),
  deletion: { remove: (actor, trial) => deleteTrial({ actor, trial }), done: TRIAL_DELETED, failed: TRIAL_DELETE_FAILED },
};

/** Keyword monitoring's sources (admins). */
export const SOURCES: DeletableKind<ManagedSource> = {
  name: "Source",
  entity: "source",
  param: "sourceId",
  permission: "monitoring:manage",
  list: MONITORING,
  find: (_actor, id) => findSource(id),
  deletion: { remove: (actor, source) => deleteSource({ actor, source }), done: SOURCE_DELETED, failed: SOURCE_DELETE_FAILED },
};

/** News items of the diseases the actor holds (admins), for the publish and delete pages; any other id is a 404. */
export const NEWS: ManagedKind<ManagedNews> = {
  name: "News",
  entity: "news",
  param: "newsId",
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
  entity: "news",
  param: "newsId",
  permission: "news:manage",
  list: DRAFTS_LIST,
  find: (user, id) => findNewsForEditor({ user, id }),
  missing: NEWS_LOAD_FAILED,
};
