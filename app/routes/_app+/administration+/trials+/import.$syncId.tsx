import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";

import { REGISTRY_SYNC_DELETED, REGISTRY_SYNC_GONE, REGISTRY_SYNCED } from "#common/messages";
import type { SyncOutcome } from "#db/models/registry-sync.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PlainTable } from "~/components/plain-table";
import { ProgressToken, TaskProgress } from "~/components/task-progress";
import { deleteRegistrySync, findRegistrySync, isSyncRunning, syncTargetNames } from "~/models/registry.server";
import { newProgressToken, progressReporter } from "~/models/task-progress.server";
import { requireUserWith } from "~/services/auth.server";
import { runRegistrySync } from "~/services/registry-sync.server";
import { TRIALS_IMPORT, TRIALS_LIST } from "~/utils/administration";
import { formatDateTime, formatDay } from "~/utils/dates";
import { titled } from "~/utils/meta";
import { describeQuery } from "~/utils/registry/query";
import { readFormData } from "~/utils/request.server";
import type { SessionUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

// One saved ClinicalTrials.gov import: what it asks and where its trials go, the report of its last run (created,
// updated, unchanged, failed, each NCT id), Sync now (studies updated since the last sync) and Delete (the trials stay).

async function syncOf(request: Request, user: SessionUser, id: string | undefined) {
  const sync = await findRegistrySync({ user, id });
  if (!sync) throw await redirectWithToast(request, TRIALS_IMPORT, { type: "error", message: REGISTRY_SYNC_GONE });
  return sync;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWith(request, "trial:import");
  const sync = await syncOf(request, user, params.syncId);
  const names = await syncTargetNames(sync, user);
  const result = sync.lastResult;
  return {
    id: String(sync._id),
    query: describeQuery(sync.query),
    target: [names.client, names.area, names.disease].join(" › "),
    compound: names.compound,
    lastRunAt: sync.lastRunAt?.toISOString() ?? null,
    lastSyncDate: sync.lastSyncDate ?? null,
    running: isSyncRunning(sync),
    progress: newProgressToken(),
    lastError: sync.lastError ?? null,
    result: result
      ? {
          created: result.created ?? 0,
          updated: result.updated ?? 0,
          unchanged: result.unchanged ?? 0,
          failed: result.failed ?? 0,
          trials: (result.trials ?? []).map((t) => ({
            nctId: t.nctId ?? "",
            title: t.title ?? "",
            outcome: (t.outcome ?? "failed") as SyncOutcome,
            message: t.message ?? "",
          })),
        }
      : null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWith(request, "trial:import");
  const sync = await syncOf(request, user, params.syncId);
  const id = String(sync._id);
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent === "delete") {
    await deleteRegistrySync({ user, id });
    return redirectWithToast(request, TRIALS_IMPORT, { type: "success", message: REGISTRY_SYNC_DELETED });
  }
  const run = await runRegistrySync(id, progressReporter(user, form.get("progress")));
  return redirectWithToast(
    request,
    `${TRIALS_IMPORT}/${id}`,
    run.ok ? { type: "success", message: REGISTRY_SYNCED } : { type: "error", message: run.message },
  );
}

const OUTCOME_LABELS: Record<SyncOutcome, string> = { created: "Created", updated: "Updated", unchanged: "Unchanged", failed: "Failed" };

export default function RegistrySyncPage() {
  const sync = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const syncing = navigation.state === "submitting" && navigation.formData?.get("intent") === "sync";
  const r = sync.result;
  return (
    <section>
      <header className="page-header">
        <h1 className="page-title">ClinicalTrials.gov Import</h1>
        <Link className="button" to={TRIALS_IMPORT}>
          Back to the imports
        </Link>
      </header>
      <dl className="details-list">
        <dt>Import</dt>
        <dd>{sync.query}</dd>
        <dt>Trials filed under</dt>
        <dd>{sync.target}</dd>
        {sync.compound ? (
          <>
            <dt>Compound</dt>
            <dd>{sync.compound}</dd>
          </>
        ) : null}
        <dt>Last sync</dt>
        <dd>{sync.lastRunAt ? <time dateTime={sync.lastRunAt}>{formatDateTime(sync.lastRunAt)}</time> : "—"}</dd>
        {sync.lastSyncDate ? (
          <>
            <dt>Next sync</dt>
            <dd>Asks for studies updated on or after {formatDay(sync.lastSyncDate)}.</dd>
          </>
        ) : null}
      </dl>
      {sync.lastError ? (
        <p className="notice error" role="alert">
          The last sync failed: {sync.lastError}
        </p>
      ) : null}
      {r ? (
        <>
          <p role="status">
            Created {r.created}, updated {r.updated}, unchanged {r.unchanged}, failed {r.failed}.
          </p>
          {r.trials.length ? (
            <PlainTable caption="What the last sync did with each study" hideCaption columns={["NCT ID", "Title", "Result", "Details"]}>
              {r.trials.map((t) => (
                <tr key={`${t.nctId}-${t.outcome}`} className={`import-${t.outcome}`}>
                  <td>
                    {t.nctId ? (
                      <a href={`https://clinicaltrials.gov/study/${encodeURIComponent(t.nctId)}`} rel="noreferrer" target="_blank">
                        {t.nctId}
                      </a>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td>{t.title || "—"}</td>
                  <td>{OUTCOME_LABELS[t.outcome]}</td>
                  <td>{t.message}</td>
                </tr>
              ))}
            </PlainTable>
          ) : (
            <p>ClinicalTrials.gov reported no studies updated since the sync before.</p>
          )}
        </>
      ) : null}
      <div className="form-actions">
        <Form method="post">
          <button className="button" type="submit" name="intent" value="delete">
            Delete saved import
          </button>
        </Form>
        <Link className="button" to={TRIALS_LIST}>
          Trials list
        </Link>
        <Form method="post">
          <ProgressToken token={sync.progress} />
          <button className="button primary" type="submit" name="intent" value="sync" disabled={syncing || sync.running}>
            {syncing || sync.running ? "Syncing…" : "Sync now"}
          </button>
        </Form>
      </div>
      <TaskProgress token={sync.progress} active={syncing} starting="Asking ClinicalTrials.gov…" />
    </section>
  );
}

export const meta = titled("ClinicalTrials.gov Import");

export const ErrorBoundary = GeneralErrorBoundary;
