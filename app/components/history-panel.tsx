import type { ReactNode } from "react";

import type { AuditEntry } from "~/utils/audit";
import { formatDateTime } from "~/utils/dates";

// The audit trail as read on screen: each change with when, who, what, and each changed field before → after. The
// History panel of an edit page and the console's change log both show entries this way.

/** A side of a change as the server wrote it out (app/utils/audit.ts). */
const shown = (value: string | null): ReactNode => value ?? <em>none</em>;

export function AuditChanges({ changes }: { changes: AuditEntry["changes"] }) {
  if (changes.length === 0) return null;
  return (
    <ul className="audit-changes">
      {changes.map((c) => (
        <li key={c.field}>
          <strong>{c.field}</strong>: {shown(c.before)} → {shown(c.after)}
        </li>
      ))}
    </ul>
  );
}

/** An edit page's History panel: the record's newest changes. */
export function HistoryPanel({ entries }: { entries: AuditEntry[] }) {
  return (
    <section className="history-panel" aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      {entries.length === 0 ? (
        <p className="field-hint">No changes recorded yet.</p>
      ) : (
        <ol>
          {entries.map((e) => (
            <li key={e.id}>
              <p>
                <time dateTime={e.at}>{formatDateTime(e.at)}</time> · {e.actorName} · {e.action}
              </p>
              <AuditChanges changes={e.changes} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
