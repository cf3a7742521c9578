import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { ImportRunPage } from "~/components/console/import";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireUserWith } from "~/services/auth.server";
import { applyImport, importPage } from "~/services/console/import.server";
import { titled } from "~/utils/meta";

import { keywordImporter } from "./__keyword-import.server";

// One keyword import: its preview (what each row would do), its progress while it is applied, then its report.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWith(request, "keyword:manage");
  return importPage(request, keywordImporter, user, params.runId);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWith(request, "keyword:manage");
  return applyImport(request, keywordImporter, user, params.runId);
}

export default function ImportRun() {
  return <ImportRunPage title="Import Keywords" run={useLoaderData<typeof loader>()} />;
}

export const meta = titled("Import Keywords");

export const ErrorBoundary = GeneralErrorBoundary;
