import { safeRedirect } from "./url";

// The administration console's sections (admin-console §2), for the console's tabs and the sidebar's Administration
// menu alike. Company, compound, keyword, events and trials join when their screens are built (issues 13 and 15):
// until then they are not offered, rather than offered and ending on 'Are you lost?'.
export const ADMINISTRATION_TABS: ReadonlyArray<{ to: string; label: string; only?: "client:manage" | "audit:view" }> = [
  { to: "/administration/client", label: "Clients", only: "client:manage" },
  { to: "/administration/users", label: "Users" },
  { to: "/administration/history", label: "History", only: "audit:view" },
];

export const USERS_LIST = "/administration/users";
export const CLIENTS_LIST = "/administration/client";

/** Where a console action returns: the list view it was started from (its `redirectTo`, search and page kept) when
 *  that is a view of `list`, else `list`. */
export function returnTo(form: FormData, list: string) {
  const to = safeRedirect(form.get("redirectTo"), list);
  return to === list || to.startsWith(`${list}?`) ? to : list;
}
