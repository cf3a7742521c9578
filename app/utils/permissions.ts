// Who may do what (user-app §6): one table, read by the server's guards (app/utils/auth.server.ts) and handed by
// loaders to their pages, so a button shows exactly when its action would be allowed.
import type { Types } from "mongoose";

/** The parts of a user that decide their rights. */
export interface Actor {
  role?: string | null;
  /** The top-level administrator ("onlyAdmin"), checked separately from the role. */
  isTopAdmin?: boolean | null;
  permissions?: ReadonlyArray<{ client: Types.ObjectId | string; therapeuticArea: Types.ObjectId | string; diseases: ReadonlyArray<Types.ObjectId | string> }> | null;
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
