import { PlainTable } from "~/components/plain-table";
import type { RegistryHistory } from "~/models/registry.server";
import { formatDateTime, formatDay } from "~/utils/dates";

// A trial's registry change log (issue 15): what ClinicalTrials.gov changed among status, primary completion date,
// enrollment and phase, as the syncs saw it, newest first. The trial's edit page renders it with
// `trialRegistryHistory(trialId)` (app/models/registry.server.ts) from its loader.

/** A date value of the log (YYYY-MM-DD) as the app writes days; other values as they are; "—" for none. */
const shown = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDay(`${value}T00:00:00Z`) : value || "—");

export function TrialRegistryHistory({ history }: { history: RegistryHistory }) {
  return (
    <section className="form-card wide" aria-labelledby="registry-history-title">
      <h2 id="registry-history-title">Registry history</h2>
      {history.length ? (
        <PlainTable
          caption="Changes ClinicalTrials.gov reported for this trial, newest first"
          hideCaption
          columns={["Date seen", "Field", "From", "To"]}
        >
          {history.map((c) => (
            <tr key={c.id}>
              <td>
                <time dateTime={c.seenAt}>{formatDateTime(c.seenAt)}</time>
              </td>
              <td>{c.field}</td>
              <td>{shown(c.previous)}</td>
              <td>{shown(c.next)}</td>
            </tr>
          ))}
        </PlainTable>
      ) : (
        <p>No registry changes recorded yet: changes show here once a sync with ClinicalTrials.gov sees them.</p>
      )}
    </section>
  );
}
