import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PlainTable } from "~/components/plain-table";
import { listRegistrySyncs } from "~/models/registry.server";
import { newProgressToken } from "~/models/task-progress.server";
import { requireUserWith } from "~/services/auth.server";
import { compoundCascadeOptions } from "~/services/console/cascade.server";
import { TRIALS_IMPORT, TRIALS_LIST } from "~/utils/administration";
import { formatDateTime } from "~/utils/dates";
import { titled } from "~/utils/meta";
import { describeQuery } from "~/utils/registry/query";

import { EMPTY_IMPORT, RegistryImportForm } from "./__registry-import";
import { submitRegistryImport } from "./__registry-import.server";

// /administration/trials/import (editors and admins, into the diseases they hold): import trials from
// ClinicalTrials.gov by NCT ids or by a search, and the saved imports to open and sync again.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWith(request, "trial:import");
  const [options, syncs] = await Promise.all([compoundCascadeOptions(user, EMPTY_IMPORT), listRegistrySyncs({ user })]);
  return {
    options,
    progress: newProgressToken(),
    syncs: syncs.map((s) => ({
      id: String(s._id),
      query: describeQuery(s.query),
      target: [s.names.client, s.names.area, s.names.disease].join(" › "),
      lastRunAt: s.lastRunAt?.toISOString() ?? null,
      result: s.lastError
        ? "Failed"
        : s.lastResult
          ? `${s.lastResult.created ?? 0} created, ${s.lastResult.updated ?? 0} updated, ${s.lastResult.unchanged ?? 0} unchanged, ${s.lastResult.failed ?? 0} failed`
          : "",
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWith(request, "trial:import");
  return submitRegistryImport(request, user);
}

export default function RegistryImportPage() {
  const { options, syncs, progress } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section>
      <header className="page-header">
        <h1 className="page-title">Import Trials from ClinicalTrials.gov</h1>
        <Link className="button" to={TRIALS_LIST}>
          Back to the list
        </Link>
      </header>
      <p>
        Trials are created in the disease you choose, or updated when a trial there has the same NCT ID; fields the registry does not have
        (line of therapy, priority, notes…) are never changed. A saved import can be synced again later: it then asks only for studies
        updated since its last sync, and records changes of status, primary completion date, enrollment and phase.
      </p>
      <RegistryImportForm options={actionData?.options ?? options} lastResult={actionData?.result} progress={progress} />
      <h2>Saved imports</h2>
      {syncs.length ? (
        <PlainTable columns={["Import", "Trials filed under", "Last sync", "Result"]}>
          {syncs.map((s) => (
            <tr key={s.id}>
              <td>
                <Link to={`${TRIALS_IMPORT}/${s.id}`}>{s.query}</Link>
              </td>
              <td>{s.target}</td>
              <td>{s.lastRunAt ? <time dateTime={s.lastRunAt}>{formatDateTime(s.lastRunAt)}</time> : "—"}</td>
              <td>{s.result || "—"}</td>
            </tr>
          ))}
        </PlainTable>
      ) : (
        <p>No saved imports yet.</p>
      )}
    </section>
  );
}

export const meta = titled("Import Trials");

export const ErrorBoundary = GeneralErrorBoundary;
