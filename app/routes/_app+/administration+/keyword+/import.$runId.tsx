import { useLoaderData } from "@remix-run/react";

import { ImportRunPage } from "~/components/console/import";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { titled } from "~/utils/meta";

import type { runLoader as loader } from "./__keyword-import.server";

// One keyword import: its preview (what each row would do), its progress while it is applied, then its report.

export { runAction as action, runLoader as loader } from "./__keyword-import.server";

export default function ImportRun() {
  return <ImportRunPage title="Import Keywords" run={useLoaderData<typeof loader>()} />;
}

export const meta = titled("Import Keywords");

export const ErrorBoundary = GeneralErrorBoundary;
