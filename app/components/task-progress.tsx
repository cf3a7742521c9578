import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";

import type { Progress } from "~/models/task-progress.server";

// How far a long request is, shown while it runs: a spreadsheet import being applied, a ClinicalTrials.gov import.
// With JavaScript the page polls the server once a second; without it the browser shows its own loading.

/** The data at `url`, loaded once a second while `active` (null before the first answer). */
export function usePolled<T>(url: string, active: boolean): T | null {
  const fetcher = useFetcher<T>();
  const { load } = fetcher;
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => load(url), 1000);
    return () => clearInterval(timer);
  }, [url, active, load]);
  return (fetcher.data as T | undefined) ?? null;
}

/** A labelled progress bar, read out as it changes; without a total it says only that work goes on. */
export function ProgressStatus({ id, label, done, total }: { id: string; label: string; done: number; total: number }) {
  return (
    <div className="form-card" role="status">
      <label htmlFor={id}>{label}</label>
      <progress id={id} max={total || undefined} value={total ? done : undefined} />
    </div>
  );
}

/** The token a form sends so that its request's progress can be found (made by the page's loader). */
export function ProgressToken({ token }: { token: string }) {
  return <input type="hidden" name="progress" value={token} />;
}

type TaskProgressProps = { token: string; active: boolean; starting: string };

/** While `active` (the form is being sent), what its request last said of its progress; `starting` until it has. A
 *  new token (the form came back) starts afresh, never showing the last request's progress. */
export function TaskProgress(props: TaskProgressProps) {
  return <PolledTask key={props.token} {...props} />;
}

function PolledTask({ token, active, starting }: TaskProgressProps) {
  const progress = usePolled<Progress | null>(`/resources/task-progress/${token}`, active);
  if (!active) return null;
  const label = progress
    ? progress.total
      ? `${progress.stage}… ${progress.done.toLocaleString("en-US")} of ${progress.total.toLocaleString("en-US")}`
      : `${progress.stage}…`
    : starting;
  return <ProgressStatus id={`progress-${token}`} label={label} done={progress?.done ?? 0} total={progress?.total ?? 0} />;
}
