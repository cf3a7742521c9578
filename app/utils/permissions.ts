// Who may do what (user-app §6): one table, read by the server's guards (app/services/auth.server.ts) and handed by
// loaders to their pages, so a button shows exactly when its action would be allowed.
import type { Types } from "mongoose";

/** The parts of a user that decide their rights. */
export interface Actor {
  role?: string | null;
  /** The top-level administrator ("onlyAdmin"), checked separately from the role. */
  isTopAdmin?: boolean | null;
  permissions?: ReadonlyArray<{
    client: Types.ObjectId | string;
    therapeuticArea: Types.ObjectId | string;
    diseases: ReadonlyArray<Types.ObjectId | string>;
  }> | null;
}

export const isAdmin = (user: Actor) => user.role === "admin" || Boolean(user.isTopAdmin);
export const isEditorOrAdmin = (user: Actor) => isAdmin(user) || user.role === "editor";
export const isTopAdmin = (user: Actor) => Boolean(user.isTopAdmin);

/** editor: editors and admins; admin: admins (the top-level admin included); top: the top-level admin only. */
const PERMISSIONS = {
  "area:create": "editor",
  "area:update": "editor",
  "area:delete": "admin",
  "disease:create": "admin",
  "disease:update": "admin",
  "disease:delete": "top",
  /** Upload a workbook, re-read or switch a disease's sheet source. */
  "sheet:manage": "admin",
  /** The Administration menu and console. */
  "administration:view": "editor",
  /** The Clients tab of the console. */
  "client:manage": "top",
  /** Delete a user (and restore one within the grace period), unblock one. */
  "user:delete": "top",
  /** News drafts and the fetch queue, publishing, deleting (and, with the editor, adding and editing) news. */
  "news:manage": "admin",
  /** Companies (shared reference data): list, add, edit, status, delete (admin-console §2). */
  "company:manage": "editor",
  /** Keywords of the diseases one holds: list, add, edit, status, delete (admin-console §2). */
  "keyword:manage": "editor",
  /** Compounds of the diseases one holds: list, add, edit, status, delete, import (admin-console §2). */
  "compound:manage": "editor",
  /** Events of the diseases one holds: list, add, edit, status, delete (admin-console §2). */
  "event:manage": "editor",
  /** Import trials from ClinicalTrials.gov into the diseases one holds, and re-sync saved imports (issue 15). */
  "trial:import": "editor",
  /** Trials of the diseases one holds: list, add, edit, status, delete (admin-console §2, issue 15). */
  "trial:manage": "editor",
  /** Keyword monitoring's sources and the editors' digest (issue 16): they feed every client's fetch queue. */
  "monitoring:manage": "admin",
  /** The console's whole change log (each edit page shows its own record's history to whoever may edit it). */
  "audit:view": "top",
} as const satisfies Record<string, "editor" | "admin" | "top">;
export type Permission = keyof typeof PERMISSIONS;

const WHO = { editor: isEditorOrAdmin, admin: isAdmin, top: isTopAdmin } as const;

export function can(user: Actor, permission: Permission): boolean {
  return WHO[PERMISSIONS[permission]](user);
}

/** The user's answer for each permission a page shows buttons for, e.g. `{ "area:create": true, … }`. */
export function permissionsOf<P extends Permission>(user: Actor, ...permissions: P[]): Record<P, boolean> {
  return Object.fromEntries(permissions.map((p) => [p, can(user, p)])) as Record<P, boolean>;
}

/** The user's grants in one client: area id → the permitted disease ids (admin-console §3 "Permission entry"). */
export function grantsIn(user: Actor, clientId: string): Map<string, Set<string>> {
  const grants = new Map<string, Set<string>>();
  for (const entry of user.permissions ?? []) {
    if (String(entry.client) !== clientId) continue;
    const diseases = grants.get(String(entry.therapeuticArea)) ?? new Set<string>();
    for (const d of entry.diseases) diseases.add(String(d));
    grants.set(String(entry.therapeuticArea), diseases);
  }
  return grants;
}

/** The ids of the diseases of a client the user may see; null for all of them (the top-level admin). */
export function diseasesIn(user: Actor, clientId: string): string[] | null {
  return isTopAdmin(user) ? null : [...grantsIn(user, clientId).values()].flatMap((d) => [...d]);
}

/** The diseases of a client a query reads: those `asked` for (none: no narrowing) that the user may see; null for all. */
export function diseasesSeen(user: Actor, clientId: string, asked: string[] | null | undefined): string[] | null {
  const granted = diseasesIn(user, clientId);
  return granted && asked ? asked.filter((d) => granted.includes(d)) : (asked ?? granted);
}

/** The ids of the diseases a permission list grants (each disease lies in one area of one client). */
export const grantedDiseaseIds = (user: Actor) => new Set((user.permissions ?? []).flatMap((p) => p.diseases.map(String)));

/**
 * The rule of user administration (decision 018): an actor may see and act on another user only if every grant that
 * user holds lies within the actor's own holdings, so nobody reaches further through someone else's account. The
 * top-level admin holds everything; a top-level admin, as a target, holds everything too, so only a top-level admin
 * holds all of theirs. The console's queries apply the same rule (`manageableBy` in app/models/user.server.ts).
 */
export function holdsAllGrantsOf(actor: Actor, target: Actor): boolean {
  if (isTopAdmin(actor)) return true;
  if (isTopAdmin(target)) return false;
  const held = grantedDiseaseIds(actor);
  return [...grantedDiseaseIds(target)].every((id) => held.has(id));
}

/** A user as the console's rules read them. */
export interface ManagedUser extends Actor {
  id: string;
  status: string;
}

/**
 * What `actor` may do to `target` in the users list (admin-console §6), read by the row menu and checked again by each
 * action. Nothing unless every grant of the target lies within the actor's (`holdsAllGrantsOf`); on top of that, the
 * spec's role rules: Edit or Accept on an admin only for the top-level admin, and an editor not on another editor (the
 * spec keeps an editor from opening another editor's edit page); Reject for pending users; Unblock and Delete only for
 * the top-level admin. Nobody acts on their own account here (the user menu has Change password for that).
 */
export function userActionsOf(actor: Actor & { id: string }, target: ManagedUser) {
  const self = actor.id === target.id;
  const top = isTopAdmin(actor);
  const adminTarget = target.role === "admin" || Boolean(target.isTopAdmin);
  const editable =
    !self &&
    isEditorOrAdmin(actor) &&
    holdsAllGrantsOf(actor, target) &&
    (top || (!adminTarget && !(actor.role === "editor" && target.role === "editor")));
  const pending = target.status === "pending";
  return {
    edit: editable && !pending,
    accept: editable && pending,
    reject: editable && pending,
    unblock: !self && can(actor, "user:delete") && target.status === "blocked",
    delete: !self && can(actor, "user:delete") && !pending,
    /** The status select of the edit form (blocking and unblocking are the top-level admin's). */
    setStatus: !self && top && !pending,
  };
}
export type UserActions = ReturnType<typeof userActionsOf>;

/** The roles `actor` may give: admin only by the top-level admin (admin-console §5). */
export const assignableRoles = (actor: Actor) =>
  isTopAdmin(actor) ? (["admin", "editor", "external"] as const) : (["editor", "external"] as const);
