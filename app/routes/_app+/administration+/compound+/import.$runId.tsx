import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { ImportRunPage } from "~/components/console/import";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireUserWith } from "~/services/auth.server";
import { applyImport, importPage } from "~/services/console/import.server";
import { titled } from "~/utils/meta";

import { compoundImporter } from "./__compound-import.server";

// One compound import: its preview (what each row would do), its progress while it is applied, then its report.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWith(request, "compound:manage");
  return importPage(request, compoundImporter, user, params.runId);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWith(request, "compound:manage");
  return applyImport(request, compoundImporter, user, params.runId);
}

export default function ImportRun() {
  return <ImportRunPage title="Import Compounds" run={useLoaderData<typeof loader>()} />;
}

export const meta = titled("Import Compounds");

export const ErrorBoundary = GeneralErrorBoundary;
