import { Link, useFetcher } from "@remix-run/react";
import { useEffect } from "react";

import { FormDialog } from "~/components/console/dialog";

export type PermissionsView =
  | { error: string }
  | {
      user: { id: string; name: string; status: string };
      grants: Array<{ client: string; area: string; disease: string }>;
      /** Grants outside the viewer's own access, not listed. */
      hidden: number;
      canEdit: boolean;
    };

/** A user's grants grouped by client and therapeutic area, with the Edit link when the viewer may edit them. */
export function UserPermissions({ view }: { view: PermissionsView }) {
  if ("error" in view) return <p className="notice error">{view.error}</p>;
  const groups = new Map<string, Map<string, string[]>>();
  for (const g of view.grants) {
    const areas = groups.get(g.client) ?? new Map<string, string[]>();
    areas.set(g.area, [...(areas.get(g.area) ?? []), g.disease]);
    groups.set(g.client, areas);
  }
  const editTo = `/administration/users/edit/${view.user.id}`;
  return (
    <div className="user-permissions">
      <h1 className="page-title">Permissions of {view.user.name}</h1>
      {groups.size === 0 ? <p className="empty">{view.hidden ? "No access inside yours." : "No access granted yet."}</p> : null}
      {[...groups].map(([client, areas]) => (
        <section key={client} aria-label={client}>
          <h2>{client}</h2>
          <dl>
            {[...areas].map(([area, diseases]) => (
              <div key={area}>
                <dt>{area}</dt>
                <dd>{diseases.join(", ")}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      {view.hidden ? <p className="field-hint">And {view.hidden} more outside your own access.</p> : null}
      {view.canEdit ? (
        <p>
          <Link to={editTo}>
            {view.user.status === "pending" ? "Accept" : "Edit"} {view.user.name}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/** The permissions dialog of the users list: loads the user's permissions page's data when it opens. */
export function PermissionsDialog({ userId, name, onClose }: { userId: string; name: string; onClose: () => void }) {
  const fetcher = useFetcher<PermissionsView>();
  const path = `/administration/users/${userId}/permissions`;
  const { load } = fetcher;
  useEffect(() => load(path), [load, path]);
  const view = fetcher.data;
  return (
    <FormDialog title={`Permissions of ${name}`} onClose={onClose}>
      <div className="form-card wide" aria-busy={!view}>
        {view ? <UserPermissions view={view} /> : <div className="spinner" role="status" aria-label="Loading permissions" />}
        <div className="form-actions">
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </FormDialog>
  );
}
