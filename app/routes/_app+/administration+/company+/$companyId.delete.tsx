import { useLoaderData } from "@remix-run/react";

import { DeleteUnlessInUse } from "~/components/console/dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { COMPANIES_LIST } from "~/utils/administration";
import { titled } from "~/utils/meta";

import type { deleteLoader as loader } from "./__company-form.server";

// Deleting a company asks first. A company that compounds, news or other companies still name is not deleted — they
// would point at nothing: the page says what names it and offers making it inactive instead.

export { deleteAction as action, deleteLoader as loader } from "./__company-form.server";

export default function DeleteCompanyPage() {
  const { id, name, back, inUse } = useLoaderData<typeof loader>();
  return <DeleteUnlessInUse noun="company" name={name} inUse={inUse} back={back} editTo={`${COMPANIES_LIST}/edit/${id}`} />;
}

export const meta = titled("Delete Company");
export const ErrorBoundary = GeneralErrorBoundary;
