import { Link } from "@remix-run/react";

import type { ChangeKind, ModelChange } from "#workers/engine/diff";
import { formatDateTime, formatDay } from "~/utils/dates";

/** The "What changed" panel's data (the report page's loader). */
export type ChangesPanel =
  | { ok: false; since: string; previous: boolean; message: string }
  | {
      ok: true;
      since: string;
      /** Compared with the version before the report's own, not with a day's. */
      previous: boolean;
      readAt: string;
      changes: ModelChange[];
      total: number;
      unchanged: number;
      registry: string[];
    };

const COUNTED: Array<[ChangeKind[], string]> = [
  [["added"], "added"],
  [["removed"], "removed"],
  [["phase"], "phase moves"],
  [["launch", "primary-completion"], "date moves"],
  [["event-added", "event-moved", "event-dropped"], "event changes"],
];

/**
 * What changed in the report since an earlier day (issue 30), in words, as the engine's diff lists it: rows added and
 * removed, phase moves, launch and primary completion slips, priority, segment, LOT, footnote and event changes; a row
 * matched by a similar name says so; then the registry's moves of the primary completion dates of trials the rows name.
 * The same with and without JavaScript.
 */
export function WhatChanged({ panel, stop }: { panel: ChangesPanel; stop: string }) {
  const title = panel.previous ? "What changed since the previous version" : `What changed since ${formatDay(panel.since)}`;
  return (
    <section className="what-changed" aria-labelledby="what-changed-title">
      <h2 id="what-changed-title">{title}</h2>
      {!panel.ok ? (
        <p>{panel.message}</p>
      ) : (
        <>
          <p className="muted">
            Compared with the sheet as read {formatDateTime(panel.readAt)}.{" "}
            {panel.total === 0
              ? `Nothing in this report changed; ${panel.unchanged} rows are as they were.`
              : `${panel.total} ${panel.total === 1 ? "change" : "changes"}${counts(panel.changes)}; ${panel.unchanged} rows unchanged.`}
          </p>
          {panel.total > 0 ? (
            <ul className="change-list">
              {panel.changes.map((c, i) => (
                <li key={`${c.key}-${c.kind}-${i}`} className={`change change-${c.kind}${c.uncertain ? " change-uncertain" : ""}`}>
                  {c.text}
                </li>
              ))}
            </ul>
          ) : null}
          {panel.total > panel.changes.length ? (
            <p className="muted">{panel.total - panel.changes.length} more changes are not listed: compare with a later day.</p>
          ) : null}
          {panel.registry.length > 0 ? (
            <>
              <h3>In the trial registry</h3>
              <ul className="change-list">
                {panel.registry.map((text, i) => (
                  <li key={i} className="change change-registry">
                    {text}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
      <Link to={stop} preventScrollReset>
        Stop comparing
      </Link>
    </section>
  );
}

/** ": 3 added, 1 removed, 2 phase moves" — the kinds worth counting that occur. */
function counts(changes: ModelChange[]) {
  const parts = COUNTED.flatMap(([kinds, words]) => {
    const n = changes.filter((c) => kinds.includes(c.kind)).length;
    return n ? [`${n} ${words}`] : [];
  });
  return parts.length ? ` (${parts.join(", ")})` : "";
}
